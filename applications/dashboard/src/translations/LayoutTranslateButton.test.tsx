import type { StoredLayout } from "@forum/api/storedLayouts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { installBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { LayoutTranslateButton } from "./LayoutTranslateButton";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const listOptions = { contentType: "title", displayType: "list", maxColumnCount: 1 } as const;

function layoutOf(columns: StoredLayout["layout"][number]["columns"]): StoredLayout {
  return {
    layoutID: 4,
    name: "Community home",
    layoutViewType: "home",
    layout: [{ sectionType: "twoColumns", device: "all", columns }],
    views: [],
    insertUserID: 1,
    dateInserted: "2026-11-28T10:00:00+00:00",
    updateUserID: null,
    dateUpdated: null,
  };
}

function renderButton(layout: StoredLayout) {
  installBootstrap({
    permissions: {
      isAdmin: false,
      isSysAdmin: false,
      isSuperAdmin: false,
      permissions: [{ type: "global", id: null, permissions: { "site.manage": true } }],
      junctions: {},
      junctionAliases: {},
    },
  });
  api = mockApi((request) => {
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
    if (request.method === "PATCH") return { data: request.data as unknown[] };
    return { data: [] };
  });
  return renderWithStore(<LayoutTranslateButton layout={layout} />);
}

describe("LayoutTranslateButton", () => {
  it("translates a saved layout's widget titles and banner texts, each keyed by its widget's place", async () => {
    const user = userEvent.setup();
    renderButton(
      layoutOf([
        [
          { widget: "pageContent", device: "all" },
          {
            widget: "banner",
            device: "all",
            title: "Welcome gardeners",
            description: "Grow together.",
            showSearch: true,
            showScope: false,
          },
        ],
        [
          {
            widget: "links",
            device: "all",
            title: "Resources",
            items: [{ name: "Guide", url: "/g" }],
            itemOptions: listOptions,
          },
        ],
      ]),
    );
    await user.click(await screen.findByRole("button", { name: "Translate Community home" }));
    const dialog = await screen.findByRole("dialog", { name: "Translate Community home" });
    expect(await within(dialog).findByText("Welcome gardeners")).toBeInTheDocument();
    expect(within(dialog).getByText("Grow together.")).toBeInTheDocument();
    expect(within(dialog).getByText("Resources")).toBeInTheDocument();
    const fields = within(dialog).getAllByRole("textbox");
    expect(fields).toHaveLength(3);
    await user.type(fields[0]!, "Bienvenue aux jardiniers");
    await user.type(fields[2]!, "Ressources");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api?.requests.find((request) => request.method === "PATCH")?.data).toEqual([
        expect.objectContaining({
          recordType: "layout",
          recordID: 4,
          propertyName: "0.0.1.title",
          locale: "fr",
          translation: "Bienvenue aux jardiniers",
        }),
        expect.objectContaining({ recordID: 4, propertyName: "0.1.0.title", translation: "Ressources" }),
      ]),
    );
  });

  it("is not shown for a layout without texts to translate", async () => {
    renderButton(layoutOf([[{ widget: "pageContent", device: "all" }], []]));
    expect(screen.queryByRole("button", { name: /Translate/ })).not.toBeInTheDocument();
  });
});
