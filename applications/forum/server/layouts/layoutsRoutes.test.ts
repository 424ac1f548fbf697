import type { Category } from "@forum/api/categories";
import type { Fragment } from "@forum/api/fragments";
import type { HydratedLayout } from "@forum/api/layouts";
import type { SectionSpec, StoredLayout, WidgetSpec } from "@forum/api/storedLayouts";
import type { LayoutNode } from "@forum/api/widgetProps";
import { createTestApp, sitePath, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumCast, makeCategory, makeDiscussion, type SignedIn } from "../testing/forumTesting";

const carousel: WidgetSpec = {
  widget: "discussions",
  device: "all",
  title: "Trending",
  limit: 5,
  sort: "-dateLastComment",
  itemOptions: { contentType: "title-description", displayType: "carousel", maxColumnCount: 3 },
};
const links: WidgetSpec = {
  widget: "links",
  device: "desktop",
  title: "Resources",
  items: [{ name: "Guide", url: "/guide", description: "How it works" }],
  itemOptions: { contentType: "title", displayType: "list", maxColumnCount: 1 },
};
const twoColumns = (main: WidgetSpec[], side: WidgetSpec[]): SectionSpec => ({
  sectionType: "twoColumns",
  device: "all",
  columns: [main, side],
});

function lookup(viewType: string, extra = "") {
  return `/api/v2/layouts/lookup-hydrate?layoutViewType=${viewType}${extra}`;
}

function isNode(value: unknown): value is LayoutNode {
  return typeof value === "object" && value !== null && "$reactComponent" in value;
}

/** Every component named in a tree, nested ones included. */
function componentsOf(nodes: readonly LayoutNode[]): string[] {
  return nodes.flatMap((node) => [
    node.$reactComponent,
    ...Object.values(node.$reactProps as Record<string, unknown>).flatMap((value) =>
      Array.isArray(value) ? componentsOf(value.filter(isNode)) : isNode(value) ? componentsOf([value]) : [],
    ),
  ]);
}

for (const dialect of testDialects)
  describe(`stored layouts on ${dialect}`, () => {
    let testApp: TestApp;
    let admin: SignedIn;
    let member: SignedIn;
    let general: Category;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
      ({ admin, member } = await forumCast(testApp));
      general = await makeCategory(admin.client, { name: "General" });
      await makeDiscussion(member.client, general.categoryID, "Carousel item one");
    });
    afterAll(async () => {
      await testApp.close();
    });

    const layoutRows = async () =>
      (await testApp.context.db.selectFrom("layouts").select("layoutID").execute()).length;

    it("answers the built-in home layout until one is assigned, then the stored one, for guests too", async () => {
      const builtIn = await testApp
        .guest()
        .get<HydratedLayout>(lookup("home", "&recordType=siteSection&recordID=0"));
      expect(builtIn.status).toBe(200);
      expect(builtIn.body.layoutID).toBe("home");
      expect(componentsOf(builtIn.body.layout)).toEqual(
        expect.arrayContaining(["BannerWidget", "CategoriesWidget", "DiscussionListModule"]),
      );

      const created = await admin.client.post<StoredLayout>("/api/v2/layouts", {
        name: "Community home",
        layoutViewType: "home",
        layout: [twoColumns([carousel], [links])],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: "Community home",
        views: [],
        insertUserID: admin.user.userID,
      });
      // Not applied yet: the built-in layout still answers.
      expect((await testApp.guest().get<HydratedLayout>(lookup("home"))).body.layoutID).toBe("home");

      const applied = await admin.client.put<StoredLayout>(`/api/v2/layouts/${created.body.layoutID}/views`, [
        { recordType: "global", recordID: -1 },
      ]);
      expect(applied.status).toBe(200);
      expect(applied.body.views).toEqual([{ recordType: "global", recordID: -1 }]);

      const stored = await testApp.guest().get<HydratedLayout>(lookup("home"));
      expect(stored.body.layoutID).toBe(created.body.layoutID);
      const [section] = stored.body.layout;
      expect(section?.$reactComponent).toBe("SectionTwoColumns");
      const props = section?.$reactProps as { mainBottom: LayoutNode[]; secondaryBottom: LayoutNode[] };
      expect(props.mainBottom[0]).toMatchObject({
        $reactComponent: "DiscussionsWidget",
        $reactProps: {
          title: "Trending",
          itemOptions: carousel.widget === "discussions" ? carousel.itemOptions : {},
          items: [
            expect.objectContaining({
              name: "Carousel item one",
              description: "Body of Carousel item one",
              meta: "0 comments",
            }),
          ],
        },
      });
      expect(props.secondaryBottom[0]).toMatchObject({
        $reactComponent: "LinksWidget",
        $middleware: { visibility: { device: "desktop" } },
        $reactProps: {
          items: [{ key: "link-0", name: "Guide", url: "/guide", description: "How it works" }],
        },
      });

      // An edit shows at once (the cache of stored layouts is retired by the write).
      await admin.client.patch(`/api/v2/layouts/${created.body.layoutID}`, {
        layout: [{ sectionType: "threeColumns", device: "mobile", columns: [[links], [], [carousel]] }],
      });
      const edited = await testApp.guest().get<HydratedLayout>(lookup("home"));
      expect(edited.body.layout[0]).toMatchObject({
        $reactComponent: "SectionThreeColumns",
        $middleware: { visibility: { device: "mobile" } },
      });

      expect((await admin.client.delete(`/api/v2/layouts/${created.body.layoutID}`)).status).toBe(204);
      expect((await testApp.guest().get<HydratedLayout>(lookup("home"))).body.layoutID).toBe("home");
      expect(await layoutRows()).toBe(0);
    });

    it("resolves a post layout from the category chain before the site default, keeping the page content", async () => {
      const child = await makeCategory(admin.client, { name: "Child", parentCategoryID: general.categoryID });
      const discussion = await makeDiscussion(member.client, child.categoryID, "Nested post");
      const make = async (name: string, side: WidgetSpec[]) =>
        (
          await admin.client.post<StoredLayout>("/api/v2/layouts", {
            name,
            layoutViewType: "post",
            layout: [twoColumns([{ widget: "pageContent", device: "all" }], side)],
          })
        ).body.layoutID;
      const siteDefault = await make("Site posts", []);
      const forGeneral = await make("General posts", [links]);
      await admin.client.put(`/api/v2/layouts/${siteDefault}/views`, [
        { recordType: "global", recordID: -1 },
      ]);
      await admin.client.put(`/api/v2/layouts/${forGeneral}/views`, [
        { recordType: "category", recordID: general.categoryID },
      ]);
      const page = await testApp
        .guest()
        .get<HydratedLayout>(lookup("post", `&recordType=discussion&recordID=${discussion.discussionID}`));
      expect(page.body.layoutID).toBe(forGeneral);
      expect(page.body.title).toBe("Nested post");
      expect(componentsOf(page.body.layout)).toEqual(
        expect.arrayContaining(["OriginalPostAsset", "CommentThreadAsset", "LinksWidget"]),
      );
      // Assigning the discussion itself wins over its categories.
      await admin.client.put(`/api/v2/layouts/${siteDefault}/views`, [
        { recordType: "discussion", recordID: discussion.discussionID },
      ]);
      const own = await testApp
        .guest()
        .get<HydratedLayout>(lookup("post", `&recordType=discussion&recordID=${discussion.discussionID}`));
      expect(own.body.layoutID).toBe(siteDefault);
      for (const id of [siteDefault, forGeneral]) await admin.client.delete(`/api/v2/layouts/${id}`);
    });

    it("draws a category's assigned layout into its server page for readers without JavaScript while the flag is on", async () => {
      const created = await admin.client.post<StoredLayout>("/api/v2/layouts", {
        name: "General page",
        layoutViewType: "discussionCategoryPage",
        layout: [
          {
            sectionType: "fullWidth",
            device: "all",
            columns: [
              [
                {
                  widget: "banner",
                  device: "all",
                  title: "General <news>",
                  showSearch: false,
                  showScope: false,
                },
              ],
            ],
          },
          twoColumns([{ widget: "pageContent", device: "all" }], [links]),
          { sectionType: "threeColumns", device: "all", columns: [[], [carousel], []] },
        ],
      });
      await admin.client.put(`/api/v2/layouts/${created.body.layoutID}/views`, [
        { recordType: "category", recordID: general.categoryID },
      ]);
      const page = async () => (await testApp.guest().get(sitePath(general.url))).text;
      // Flag off: the built-in page, no stored widget.
      expect(await page()).not.toContain("Resources");

      expect((await admin.client.patch("/api/v2/config", { "customLayout.categoryList": true })).status).toBe(
        204,
      );
      await testApp.context.settings.refresh();
      const drawn = await page();
      expect(drawn).toContain('<div id="app"');
      expect(drawn).toContain('class="layoutSection layoutSection-fullWidth"');
      expect(drawn).toContain('<h1 class="heroBanner-title">General &lt;news&gt;</h1>');
      expect(drawn).toContain('<h2 class="widget-title">Resources</h2>');
      expect(drawn).toContain('href="/guide"');
      expect(drawn).toContain('class="layoutSection layoutSection-threeColumns"');
      expect(drawn).toContain("Carousel item one");
      // The page content (the category's discussion list) is there too.
      expect(drawn).toContain('class="discussionList');

      await admin.client.patch("/api/v2/config", { "customLayout.categoryList": false });
      await testApp.context.settings.refresh();
      expect(await page()).not.toContain("Resources");
      await admin.client.delete(`/api/v2/layouts/${created.body.layoutID}`);
    });

    it("previews a layout being edited, filled with the site's data, without storing it; site managers only", async () => {
      const body = {
        layoutViewType: "discussionList",
        layout: [twoColumns([{ widget: "pageContent", device: "all" }, carousel], [links])],
      };
      expect((await member.client.post("/api/v2/layouts/hydrate", body)).status).toBe(403);
      expect((await testApp.guest().post("/api/v2/layouts/hydrate", body)).status).toBe(403);
      const bad = await admin.client.post<{ errors: { field: string }[] }>("/api/v2/layouts/hydrate", {
        ...body,
        layout: [{ sectionType: "twoColumns", device: "all", columns: [[]] }],
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: "layout[0].columns" })]);

      const preview = await admin.client.post<HydratedLayout>("/api/v2/layouts/hydrate", body);
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ layoutID: "preview", layoutViewType: "discussionList" });
      const props = preview.body.layout[0]?.$reactProps as {
        mainBottom: LayoutNode[];
        secondaryBottom: LayoutNode[];
      };
      expect(props.mainBottom.map((node) => node.$reactComponent)).toEqual([
        "PageContentPlaceholder",
        "DiscussionsWidget",
      ]);
      expect(JSON.stringify(props.mainBottom[1])).toContain("Carousel item one");
      expect(props.secondaryBottom[0]).toMatchObject({ $reactComponent: "LinksWidget" });
      expect(await layoutRows()).toBe(0);
    });

    it("refuses guests and members (403), unknown ids (404) and bad layouts (422) and changes nothing", async () => {
      const body = { name: "Nope", layoutViewType: "home", layout: [] };
      expect((await testApp.guest().post("/api/v2/layouts", body)).status).toBe(403);
      expect((await member.client.post("/api/v2/layouts", body)).status).toBe(403);
      expect((await member.client.get("/api/v2/layouts")).status).toBe(403);
      expect((await admin.client.get("/api/v2/layouts/9999")).status).toBe(404);
      expect((await admin.client.put("/api/v2/layouts/9999/views", [])).status).toBe(404);

      const tooWide = await admin.client.post<{ errors: { field: string; message: string }[] }>(
        "/api/v2/layouts",
        {
          ...body,
          layout: [
            {
              sectionType: "twoColumns",
              device: "all",
              columns: [
                [{ ...links, itemOptions: { contentType: "title", displayType: "list", maxColumnCount: 2 } }],
              ],
            },
          ],
        },
      );
      expect(tooWide.status).toBe(422);
      expect(tooWide.body.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            field: "layout[0].columns",
            message: "A twoColumns section has 2 columns.",
          }),
          expect.objectContaining({
            field: "layout[0].columns[0][0].itemOptions.maxColumnCount",
            message: "A list of title items has at most 1 column.",
          }),
        ]),
      );
      const grid = await admin.client.post<{ errors: { message: string }[] }>("/api/v2/layouts", {
        ...body,
        layout: [
          {
            sectionType: "oneColumn",
            device: "all",
            columns: [
              [
                {
                  ...carousel,
                  itemOptions: { contentType: "title", displayType: "grid", maxColumnCount: 4 },
                },
                { widget: "fragment", device: "all", fragmentUUID: "missing" },
              ],
            ],
          },
        ],
      });
      expect(grid.status).toBe(422);
      expect(grid.body.errors.map((error) => error.message)).toEqual(
        expect.arrayContaining([
          "A grid of title items has at most 3 columns.",
          "The fragment missing does not exist.",
        ]),
      );

      const created = await admin.client.post<StoredLayout>("/api/v2/layouts", body);
      const wrongRecord = await admin.client.put(`/api/v2/layouts/${created.body.layoutID}/views`, [
        { recordType: "discussion", recordID: 1 },
      ]);
      expect(wrongRecord.status).toBe(422);
      const missingCategory = await admin.client.put(`/api/v2/layouts/${created.body.layoutID}/views`, [
        { recordType: "siteSection", recordID: 0 },
        { recordType: "global", recordID: 5 },
      ]);
      expect(missingCategory.status).toBe(422);
      expect(
        (await admin.client.get<StoredLayout>(`/api/v2/layouts/${created.body.layoutID}`)).body.views,
      ).toEqual([]);
      expect((await member.client.delete(`/api/v2/layouts/${created.body.layoutID}`)).status).toBe(403);
      expect(await layoutRows()).toBe(1);
      await admin.client.delete(`/api/v2/layouts/${created.body.layoutID}`);
    });

    it("serves fragment code by revision (immutable), redirects to the active one, and runs it in layouts", async () => {
      const refused = await member.client.post("/api/v2/fragments", { name: "Clock", js: "1", css: "" });
      expect(refused.status).toBe(403);
      const created = await admin.client.post<Fragment>("/api/v2/fragments", {
        name: "Clock",
        js: "document.body.textContent = 'tick';",
        css: "body { color: red; }",
      });
      expect(created.status).toBe(201);
      const { fragmentUUID, jsUrl } = created.body;
      const js = await testApp.guest().get(jsUrl);
      expect(js.status).toBe(200);
      expect(js.text).toBe("document.body.textContent = 'tick';");
      expect(js.headers["content-type"]).toContain("application/javascript");
      expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const css = await testApp.guest().get(created.body.cssUrl);
      expect(css.headers["content-type"]).toContain("text/css");
      expect(css.text).toBe("body { color: red; }");

      const edited = await admin.client.patch<Fragment>(`/api/v2/fragments/${fragmentUUID}`, {
        js: "throw 1;",
      });
      expect(edited.body.fragmentRevisionUUID).not.toBe(created.body.fragmentRevisionUUID);
      const redirect = await testApp.guest().get(`/api/v2/fragments/${fragmentUUID}/js`);
      expect(redirect.status).toBe(302);
      expect(redirect.headers.location).toBe(edited.body.jsUrl);
      expect(redirect.headers["cache-control"]).toBe("no-cache");
      // The old revision still answers (pages cached with it keep working).
      expect((await testApp.guest().get(jsUrl)).text).toBe("document.body.textContent = 'tick';");
      expect(
        (await testApp.guest().get(`/api/v2/fragments/${fragmentUUID}/js?fragmentRevisionUUID=nope`)).status,
      ).toBe(404);
      expect((await testApp.guest().get("/api/v2/fragments/unknown/css")).status).toBe(404);

      const layout = await admin.client.post<StoredLayout>("/api/v2/layouts", {
        name: "With fragment",
        layoutViewType: "discussionList",
        layout: [
          {
            sectionType: "oneColumn",
            device: "all",
            columns: [[{ widget: "fragment", device: "all", title: "Clock", fragmentUUID }]],
          },
        ],
      });
      await admin.client.put(`/api/v2/layouts/${layout.body.layoutID}/views`, [
        { recordType: "global", recordID: -1 },
      ]);
      const page = await testApp.guest().get<HydratedLayout>(lookup("discussionList"));
      const section = page.body.layout[0]?.$reactProps as { children: LayoutNode[] };
      expect(section.children[0]).toMatchObject({
        $reactComponent: "CustomFragmentWidget",
        $reactProps: { title: "Clock", fragmentUUID, jsUrl: edited.body.jsUrl, cssUrl: edited.body.cssUrl },
        $fragmentImpls: { CustomFragment: { fragmentUUID, jsUrl: edited.body.jsUrl } },
      });
      await admin.client.delete(`/api/v2/layouts/${layout.body.layoutID}`);
      expect((await admin.client.delete(`/api/v2/fragments/${fragmentUUID}`)).status).toBe(204);
      expect((await testApp.guest().get(edited.body.jsUrl)).status).toBe(404);
    });
  });
