import type { Locale } from "@forum/api/locales";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { loadTranslations, resetTranslations } from "@library/src/i18n/translate";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { LocalesSection } from "./LocalesSection";

const NAMES = { en: "English", fr: "French", ar: "Arabic" };
const ENGLISH: Locale = {
  localeID: "en",
  localeKey: "en",
  regionalKey: "en_US",
  displayNames: { en: "English", fr: "Anglais" },
  translatable: true,
  translationService: null,
};
const FRENCH: Locale = {
  localeID: "fr",
  localeKey: "fr",
  regionalKey: "fr_FR",
  displayNames: { en: NAMES.fr, fr: "Français" },
  translatable: true,
  translationService: null,
};

function site(writes: Array<{ method: string; url: string; data: unknown }>, reject = false): MockHandler {
  return (request) => {
    if (request.method === "GET" && request.url === "locales") return { data: [ENGLISH, FRENCH] };
    if (request.method === "GET" && request.url === "locales/en") return { data: ENGLISH };
    if (request.method === "GET" && request.url === "locales/fr") return { data: FRENCH };
    if (request.method === "GET" && request.url === "translation-services")
      return {
        data: [
          {
            type: "offline",
            name: "Offline glossary",
            isConfigured: true,
            isDefault: true,
            configSchema: {},
          },
        ],
      };
    if (request.method === "GET" && request.url === "config") return { data: { "garden.locale": "en" } };
    writes.push(request);
    if (reject)
      return {
        status: 422,
        data: { message: 'There is no translation service of type "offline".', status: 422, errors: [] },
      };
    if (request.url === "locales/fr") return { data: { ...FRENCH, ...(request.data as Partial<Locale>) } };
    return { status: 204 };
  };
}

function renderSection() {
  return renderWithStore(
    <>
      <LocalesSection />
      <ToastContainer />
    </>,
  );
}

let api: ReturnType<typeof mockApi> | null = null;
beforeEach(() => loadTranslations({}, "en"));
afterEach(() => {
  api?.restore();
  api = null;
  resetTranslations();
});

describe("LocalesSection", () => {
  it("sets the site's default language among the enabled ones", async () => {
    const writes: Array<{ method: string; url: string; data: unknown }> = [];
    api = mockApi(site(writes));
    renderSection();
    const select = await screen.findByRole("combobox", { name: "Default language" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["English", "French"]);
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    await userEvent.selectOptions(select, "fr");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(writes).toEqual([
        expect.objectContaining({ method: "PATCH", url: "config", data: { "garden.locale": "fr" } }),
      ]),
    );
    expect(await screen.findByText("Your changes have been saved.")).toBeInTheDocument();
  });

  it("chooses each language's translation service and whether content is translated into it", async () => {
    const writes: Array<{ method: string; url: string; data: unknown }> = [];
    api = mockApi(site(writes));
    renderSection();
    const service = await screen.findByRole("combobox", { name: "Translation service for French" });
    expect(
      within(service)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["None", "Offline glossary"]);
    await userEvent.selectOptions(service, "offline");
    await waitFor(() => expect(service).toHaveValue("offline"));
    await userEvent.click(screen.getByRole("checkbox", { name: "Translate content into French" }));
    await waitFor(() =>
      expect(screen.getByRole("checkbox", { name: "Translate content into French" })).not.toBeChecked(),
    );
    expect(writes).toEqual([
      expect.objectContaining({
        method: "PATCH",
        url: "locales/fr",
        data: { translationService: "offline" },
      }),
      expect.objectContaining({ method: "PATCH", url: "locales/fr", data: { translatable: false } }),
    ]);
  });

  it("shows the server's refusal and keeps the stored service", async () => {
    api = mockApi(site([], true));
    renderSection();
    const service = await screen.findByRole("combobox", { name: "Translation service for French" });
    await userEvent.selectOptions(service, "offline");
    expect(await screen.findByText('There is no translation service of type "offline".')).toBeInTheDocument();
    expect(service).toHaveValue("");
  });
});
