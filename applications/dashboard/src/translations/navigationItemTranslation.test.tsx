import type { NavigationItem } from "@forum/api/navigation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { NavigationEditor } from "../navigation/NavigationEditor";
import { installBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const items: NavigationItem[] = [
  { id: "help", name: "Help", url: "/help", children: [{ id: "guides", name: "Guides", url: "/guides" }] },
];

const locales = [
  { localeKey: "en", displayNames: { en: "English" } },
  { localeKey: "fr", displayNames: { en: "French" } },
];

function renderEditor(granted: Record<string, boolean>) {
  installBootstrap({
    config: { "garden.locale": "en" },
    permissions: {
      isAdmin: false,
      isSysAdmin: false,
      isSuperAdmin: false,
      permissions: [{ type: "global", id: null, permissions: granted }],
      junctions: {},
      junctionAliases: {},
    },
  });
  api = mockApi((request) => {
    if (request.url === "navigation/edit") {
      const { locale } = request.params as { locale: string };
      return { data: { locale, items, isCustom: locale === "fr" } };
    }
    if (request.url === "locales") return { data: locales };
    if (request.url === "locales/fr")
      return { data: { ...locales[1], translatable: true, translationService: null } };
    if (request.method === "PATCH" && request.url === "translations/forum")
      return { data: request.data as unknown[] };
    return { data: [] };
  });
  return renderWithStore(
    <MemoryRouter>
      <NavigationEditor />
    </MemoryRouter>,
  );
}

describe("translate icons of the navigation editor", () => {
  it("translate an item's name (child items too) through the translator, keyed by the item's id", async () => {
    const user = userEvent.setup();
    renderEditor({ "site.manage": true });
    await user.click(await screen.findByRole("button", { name: "Translate Guides" }));
    expect(screen.getByRole("button", { name: "Translate Help" })).toBeInTheDocument();
    const dialog = await screen.findByRole("dialog", { name: "Translate Guides" });
    await user.type(
      await within(dialog).findByRole("textbox", { name: "Name in French" }),
      "Guides pratiques",
    );
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api?.requests.find((request) => request.method === "PATCH")?.data).toEqual([
        expect.objectContaining({
          recordType: "navigationItem",
          recordKey: "guides",
          propertyName: "name",
          locale: "fr",
          translation: "Guides pratiques",
        }),
      ]),
    );

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // Another language's own items are written in it: nothing to translate there.
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "fr");
    await waitFor(() =>
      expect(api?.requests.some((request) => (request.params as { locale?: string })?.locale === "fr")).toBe(
        true,
      ),
    );
    await screen.findByDisplayValue("Guides");
    expect(screen.queryByRole("button", { name: "Translate Guides" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove Guides" })).toBeInTheDocument();
  });

  it("offer only saved items, under their saved names", async () => {
    const user = userEvent.setup();
    renderEditor({ "site.manage": true });
    await screen.findByRole("button", { name: "Translate Guides" });
    await user.click(screen.getByRole("button", { name: "Add Item" }));
    await user.type(screen.getAllByRole("textbox", { name: "Name" })[2]!, "Events");
    await user.type(screen.getByDisplayValue("Guides"), " and tips");
    expect(screen.queryByRole("button", { name: "Translate Events" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Translate Guides" }));
    const dialog = await screen.findByRole("dialog", { name: "Translate Guides" });
    expect(await within(dialog).findByText("Guides")).toBeInTheDocument();
    expect(within(dialog).queryByText("Guides and tips")).not.toBeInTheDocument();
  });

  it("are not shown without site.manage", async () => {
    renderEditor({ "community.moderate": true });
    await screen.findByDisplayValue("Help");
    expect(screen.getByRole("button", { name: "Remove Help" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Translate Help" })).not.toBeInTheDocument();
  });
});
