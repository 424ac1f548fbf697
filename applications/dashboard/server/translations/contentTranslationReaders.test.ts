import type { Category } from "@forum/api/categories";
import type { HydratedLayout } from "@forum/api/layouts";
import type { NavigationItem } from "@forum/api/navigation";
import type { StoredLayout } from "@forum/api/storedLayouts";
import { layoutTextPropertyName } from "@forum/api/translationKeys";
import type { Translation } from "@forum/api/translations";
import type { LayoutNode } from "@forum/api/widgetProps";
import { DEFAULT_PLUGINS_DIR, discoverAddons } from "@library/server/addons/addonManifest";
import { signedInClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { REMOVE_RECORD_TRANSLATIONS_JOB } from "@library/server/translations/recordTranslationsCleanup";
import { testLocaleAddon } from "@library/server/translations/testLocaleAddons";
import type { SearchResult } from "../../../../plugins/search/api/searchApi";
import { serverApplications } from "../../../serverApplications";

const FRENCH = { cookie: "locale=fr" };

for (const dialect of testDialects)
  describe(`translated content shown to readers on ${dialect}`, () => {
    let testApp: TestApp;
    let admin: TestClient;
    let member: TestClient;

    beforeAll(async () => {
      // The site's add-ons (search among them), French offered by a test locale add-on in place of the packs.
      const addons = discoverAddons(DEFAULT_PLUGINS_DIR).filter((addon) => addon.manifest.type !== "locale");
      testApp = await createTestApp(
        dialect,
        serverApplications,
        {},
        { addons: [...addons, testLocaleAddon("fr")] },
      );
      admin = (await signedInClient(testApp, { role: "Administrator" })).client;
      member = (await signedInClient(testApp)).client;
    });
    afterAll(async () => {
      await testApp.close();
    });

    const translate = (items: object[]) => admin.patch<Translation[]>("/api/v2/translations/forum", items);
    const storedTranslations = async (recordType: string) =>
      (
        await testApp.context.db
          .selectFrom("translations")
          .select("translationPropertyKey")
          .where("recordType", "=", recordType)
          .execute()
      ).map((row) => row.translationPropertyKey);

    it("shows a category's translated name in search breadcrumbs, and deleting it removes its translations", async () => {
      const created = await admin.post<Category>("/api/v2/categories", {
        name: "Seed Swaps",
        urlcode: "seed-swaps",
      });
      expect(created.status).toBe(201);
      const { categoryID } = created.body;
      const name = { recordType: "category", recordID: categoryID, propertyName: "name", locale: "fr" };
      expect((await translate([{ ...name, translation: "Échange de graines" }])).status).toBe(200);
      const posted = await member.post("/api/v2/discussions", {
        name: "Heirloom tomatoes wanted",
        body: JSON.stringify([{ type: "p", children: [{ text: "Anyone saving heirloom seeds?" }] }]),
        format: "rich2",
        categoryID,
      });
      expect(posted.status).toBe(201);

      const search = (headers: Record<string, string>) =>
        testApp
          .guest()
          .get<SearchResult[]>("/api/v2/search?query=heirloom&expand=breadcrumbs", headers)
          .then((response) => {
            expect(response.status).toBe(200);
            return response.body.map((result) => result.breadcrumbs?.map((crumb) => crumb.name));
          });
      expect(await search(FRENCH)).toEqual([["Home", "Échange de graines"]]);
      expect(await search({})).toEqual([["Home", "Seed Swaps"]]);

      const other = await admin.post<Category>("/api/v2/categories", { name: "Tools", urlcode: "tools" });
      const otherName = { ...name, recordID: other.body.categoryID, translation: "Outils" };
      expect((await translate([otherName])).status).toBe(200);
      expect((await storedTranslations("category")).sort()).toEqual(
        [`category.${categoryID}.name`, `category.${other.body.categoryID}.name`].sort(),
      );
      const deleted = await admin.delete(`/api/v2/categories/${categoryID}`);
      expect(deleted.status).toBeLessThan(300);
      // The removal job ran once the deletion committed; run again, it removes nothing more.
      const remaining = [`category.${other.body.categoryID}.name`];
      expect(await storedTranslations("category")).toEqual(remaining);
      const { jobs } = testApp.context;
      await jobs.enqueue(testApp.context.db, REMOVE_RECORD_TRANSLATIONS_JOB, {
        recordType: "category",
        recordIDs: [categoryID],
      });
      await jobs.drain();
      expect(await storedTranslations("category")).toEqual(remaining);
      const runs = await testApp.context.db
        .selectFrom("jobs")
        .select("status")
        .where("name", "=", REMOVE_RECORD_TRANSLATIONS_JOB)
        .execute();
      expect(runs.map((run) => run.status)).toEqual(["done", "done"]);
    });

    it("serves navigation names in the reader's locale (API and pages) and forgets the translations of dropped items", async () => {
      const items: NavigationItem[] = [
        {
          id: "help",
          name: "Help",
          url: "/help",
          children: [{ id: "guides", name: "Guides", url: "/guides" }],
        },
        { id: "blog", name: "Blog", url: "/blog" },
      ];
      expect((await admin.put("/api/v2/navigation", { locale: "en", items })).status).toBe(200);
      const item = (recordKey: string, translation: string) => ({
        recordType: "navigationItem",
        recordKey,
        propertyName: "name",
        locale: "fr",
        translation,
      });
      expect((await translate([item("help", "Aide"), item("guides", "Guides pratiques")])).status).toBe(200);

      const names = (list: NavigationItem[]): string[] =>
        list.flatMap((entry) => [entry.name, ...names(entry.children ?? [])]);
      const french = await testApp.guest().get<NavigationItem[]>("/api/v2/navigation", FRENCH);
      expect(names(french.body)).toEqual(["Aide", "Guides pratiques", "Blog"]);
      const asked = await member.get<NavigationItem[]>("/api/v2/navigation?locale=fr");
      expect(names(asked.body)).toEqual(["Aide", "Guides pratiques", "Blog"]);
      const english = await testApp.guest().get<NavigationItem[]>("/api/v2/navigation");
      expect(names(english.body)).toEqual(["Help", "Guides", "Blog"]);
      const page = await testApp.app.inject({ url: "/discussions", headers: FRENCH });
      expect(page.body).toContain("Guides pratiques");
      // The editor reads the items as written.
      const edit = await admin.get<{ items: NavigationItem[] }>("/api/v2/navigation/edit?locale=en");
      expect(names(edit.body.items)).toEqual(["Help", "Guides", "Blog"]);

      // A translation saved later shows at once.
      expect((await translate([item("blog", "Le blog")])).status).toBe(200);
      expect(names((await testApp.guest().get<NavigationItem[]>("/api/v2/navigation", FRENCH)).body)).toEqual(
        ["Aide", "Guides pratiques", "Le blog"],
      );

      // Help (and its child) dropped: their translations go, Blog's stays.
      expect((await admin.put("/api/v2/navigation", { locale: "en", items: [items[1]] })).status).toBe(200);
      expect(await storedTranslations("navigationItem")).toEqual(["navigationItem.blog.name"]);
      expect((await admin.delete("/api/v2/navigation?locale=en")).status).toBe(204);
      expect(await storedTranslations("navigationItem")).toEqual([]);
    });

    it("hydrates a layout's widget titles and banner texts in the reader's locale, and deleting it removes them", async () => {
      const created = await admin.post<StoredLayout>("/api/v2/layouts", {
        name: "Translated home",
        layoutViewType: "home",
        layout: [
          {
            sectionType: "oneColumn",
            device: "all",
            columns: [
              [
                {
                  widget: "banner",
                  device: "all",
                  title: "Welcome gardeners",
                  description: "Grow together.",
                  showSearch: false,
                  showScope: false,
                },
                {
                  widget: "links",
                  device: "all",
                  title: "Resources",
                  items: [{ name: "Guide", url: "/guide" }],
                  itemOptions: { contentType: "title", displayType: "list", maxColumnCount: 1 },
                },
              ],
            ],
          },
        ],
      });
      expect(created.status).toBe(201);
      const { layoutID } = created.body;
      await admin.put(`/api/v2/layouts/${layoutID}/views`, [{ recordType: "global", recordID: -1 }]);
      expect((await admin.patch("/api/v2/config", { "customLayout.home": true })).status).toBe(204);
      const text = (widgetIndex: number, field: "title" | "description", translation: string) => ({
        recordType: "layout",
        recordID: layoutID,
        propertyName: layoutTextPropertyName(0, 0, widgetIndex, field),
        locale: "fr",
        translation,
      });
      const saved = await translate([
        text(0, "title", "Bienvenue aux jardiniers"),
        text(0, "description", "Cultivons ensemble."),
        text(1, "title", "Ressources"),
      ]);
      expect(saved.status).toBe(200);

      const widgets = async (headers: Record<string, string>) => {
        const hydrated = await testApp
          .guest()
          .get<HydratedLayout>("/api/v2/layouts/lookup-hydrate?layoutViewType=home", headers);
        expect(hydrated.body.layoutID).toBe(layoutID);
        const props = hydrated.body.layout[0]?.$reactProps as { children: LayoutNode[] };
        return props.children.map((node) => node.$reactProps as { title?: string; description?: string });
      };
      expect(await widgets(FRENCH)).toEqual([
        expect.objectContaining({ title: "Bienvenue aux jardiniers", description: "Cultivons ensemble." }),
        expect.objectContaining({ title: "Ressources" }),
      ]);
      expect(await widgets({})).toEqual([
        expect.objectContaining({ title: "Welcome gardeners", description: "Grow together." }),
        expect.objectContaining({ title: "Resources" }),
      ]);
      const page = await testApp.app.inject({ url: "/", headers: FRENCH });
      expect(page.body).toContain("Bienvenue aux jardiniers");
      expect(page.body).toContain("Cultivons ensemble.");

      // Moved, the widgets keep their translations; a title rewritten loses its own (it translated the old text).
      const [banner, resources] = created.body.layout[0]?.columns[0] ?? [];
      const moved = await admin.patch(`/api/v2/layouts/${layoutID}`, {
        layout: [
          {
            sectionType: "twoColumns",
            device: "all",
            columns: [[resources], [{ ...banner, title: "Welcome, growers" }]],
          },
        ],
      });
      expect(moved.status).toBe(200);
      const columns = async () => {
        const hydrated = await testApp
          .guest()
          .get<HydratedLayout>("/api/v2/layouts/lookup-hydrate?layoutViewType=home", FRENCH);
        const props = hydrated.body.layout[0]?.$reactProps as Record<string, LayoutNode[]>;
        return [props.mainBottom, props.secondaryBottom].map((column) =>
          (column ?? []).map((node) => node.$reactProps as { title?: string; description?: string }),
        );
      };
      expect(await columns()).toEqual([
        [expect.objectContaining({ title: "Ressources" })],
        [expect.objectContaining({ title: "Welcome, growers", description: "Cultivons ensemble." })],
      ]);
      expect((await storedTranslations("layout")).sort()).toEqual([
        `layout.${layoutID}.0.0.0.title`,
        `layout.${layoutID}.0.1.0.description`,
      ]);

      expect((await admin.delete(`/api/v2/layouts/${layoutID}`)).status).toBe(204);
      expect(await storedTranslations("layout")).toEqual([]);
    });
  });
