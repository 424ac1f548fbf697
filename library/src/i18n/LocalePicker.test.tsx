import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { loadTranslations, resetTranslations } from "@library/src/i18n/translate";
import { mockApi } from "@library/src/testing/mockApi";
import { LocalePicker } from "./LocalePicker";

const locales = [
  { localeKey: "en", name: "English" },
  { localeKey: "fr", name: "Français" },
  { localeKey: "ar", name: "العربية" },
];

describe("LocalePicker", () => {
  afterEach(() => resetTranslations());

  it("lists each language in itself, with the page's language chosen", () => {
    loadTranslations({ Language: "Langue" }, "fr");
    render(<LocalePicker locales={locales} current="fr" />);
    const select = screen.getByRole("combobox", { name: "Langue" });
    expect(select).toHaveValue("fr");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "English",
      "Français",
      "العربية",
    ]);
    expect(screen.getByRole("option", { name: "العربية" })).toHaveAttribute("lang", "ar");
  });

  it("saves the choice, then loads the page again in it", async () => {
    loadTranslations({}, "en");
    const api = mockApi(() => ({ data: { locale: "ar" } }));
    const reload = jest.fn();
    try {
      render(<LocalePicker locales={locales} current="en" deps={{ reload }} />);
      await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "ar");
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(api.requests).toEqual([
        expect.objectContaining({ method: "PUT", url: "locales/current", data: { locale: "ar" } }),
      ]);
    } finally {
      api.restore();
    }
  });

  it("says so when the choice could not be saved, and keeps the page's language", async () => {
    loadTranslations({}, "en");
    const api = mockApi(() => ({ status: 422, data: { message: "Validation Failed", errors: [] } }));
    const reload = jest.fn();
    try {
      render(<LocalePicker locales={locales} current="en" deps={{ reload }} />);
      await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "fr");
      expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong.");
      expect(screen.getByRole("combobox", { name: "Language" })).toHaveValue("en");
      expect(reload).not.toHaveBeenCalled();
    } finally {
      api.restore();
    }
  });
});
