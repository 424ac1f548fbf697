import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { TranslateButton } from "./TranslateButton";

function permissions(granted: Record<string, boolean>) {
  return {
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    permissions: [{ type: "global", id: null, permissions: granted }],
  };
}

const PROPERTY = {
  recordType: "category",
  recordID: 3,
  propertyName: "name",
  sourceText: "Tools",
  propertyType: "text",
  label: "Name",
} as const;

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("TranslateButton", () => {
  it("opens the translator for site managers", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.url === "users/$me/permissions") return { data: permissions({ "site.manage": true }) };
      if (request.url === "locales")
        return {
          data: [
            { localeKey: "en", displayNames: { en: "English" } },
            { localeKey: "fr", displayNames: { en: "French" } },
          ],
        };
      if (request.url === "locales/fr")
        return {
          data: {
            localeKey: "fr",
            displayNames: { en: "French" },
            translatable: true,
            translationService: null,
          },
        };
      return { data: [] };
    });
    renderWithStore(<TranslateButton title="Tools" properties={[PROPERTY]} />);
    await user.click(await screen.findByRole("button", { name: "Translate Tools" }));
    expect(await screen.findByRole("dialog", { name: "Translate Tools" })).toBeInTheDocument();
    expect(await screen.findByRole("textbox", { name: "Name in French" })).toBeInTheDocument();
  });

  it("is not shown to anyone else", async () => {
    api = mockApi((request) =>
      request.url === "users/$me/permissions"
        ? { data: permissions({ "community.moderate": true }) }
        : { data: [] },
    );
    renderWithStore(<TranslateButton title="Tools" properties={[PROPERTY]} />);
    await waitFor(() =>
      expect(api?.requests.some((request) => request.url === "users/$me/permissions")).toBe(true),
    );
    expect(screen.queryByRole("button", { name: "Translate Tools" })).not.toBeInTheDocument();
  });
});
