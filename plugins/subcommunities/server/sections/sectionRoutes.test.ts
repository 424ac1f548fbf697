import { serverApplications } from "@applications/serverApplications";
import { makeDiscussion, postCategory, signedInCast, type SignedIn } from "@library/server/testing/apiPosts";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { SiteSection } from "../../api/subcommunitiesApi";

interface ValidationBody {
  errors: { field: string }[];
}

describe.each(testDialects)("subcommunities (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let moderator: SignedIn;
  let frenchRoot: number;
  let frenchChild: number;
  let elsewhere: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, member, moderator } = await signedInCast(testApp));
    expect((await admin.client.get<{ enabled: boolean }>("/api/v2/addons/subcommunities")).body.enabled).toBe(
      false,
    );
    expect((await testApp.guest().get("/api/v2/subcommunities")).status).toBe(404);
    expect((await admin.client.patch("/api/v2/addons/subcommunities", { enabled: true })).status).toBe(200);
    expect((await admin.client.patch("/api/v2/addons/locale-fr", { enabled: true })).status).toBe(200);
    frenchRoot = await postCategory(testApp, admin.client, "Communaute Francaise");
    elsewhere = await postCategory(testApp, admin.client, "English Corner");
    const child = await admin.client.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Jardinage",
      urlcode: "jardinage",
      parentCategoryID: frenchRoot,
    });
    frenchChild = child.body.categoryID;
  });
  afterAll(() => testApp.close());

  it("creates, reads, edits and deletes sections; only managers write", async () => {
    const body = {
      name: "Français",
      slug: "fr",
      locale: "fr",
      rootCategoryID: frenchRoot,
      description: "Bienvenue",
    };
    for (const client of [testApp.guest(), member.client, moderator.client])
      expect((await client.post("/api/v2/subcommunities", body)).status).toBe(403);
    const created = await admin.client.post<SiteSection>("/api/v2/subcommunities", {
      ...body,
      navigation: [{ name: "Aide", url: "/fr/categories" }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Français",
      slug: "fr",
      // Links are absolute in API answers.
      url: expect.stringMatching(/^http[^ ]*\/fr\/$/) as unknown,
      locale: "fr",
      rootCategoryID: frenchRoot,
      themeKey: null,
      navigation: [{ name: "Aide", url: expect.stringMatching(/\/fr\/categories$/) as unknown }],
    });
    const id = created.body.siteSectionID;
    const list = await testApp.guest().get<SiteSection[]>("/api/v2/subcommunities");
    expect(list.body.map((section) => section.slug)).toEqual(["fr"]);
    expect((await testApp.guest().get<SiteSection>(`/api/v2/subcommunities/${id}`)).body.name).toBe(
      "Français",
    );

    expect((await member.client.patch(`/api/v2/subcommunities/${id}`, { name: "X" })).status).toBe(403);
    const patched = await admin.client.patch<SiteSection>(`/api/v2/subcommunities/${id}`, { name: "France" });
    expect(patched.body).toMatchObject({ name: "France", slug: "fr", locale: "fr" });

    expect((await member.client.delete(`/api/v2/subcommunities/${id}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/v2/subcommunities/${id}`)).status).toBe(204);
    expect((await admin.client.delete(`/api/v2/subcommunities/${id}`)).status).toBe(404);
    expect((await testApp.guest().get(`/api/v2/subcommunities/${id}`)).status).toBe(404);
    expect((await admin.client.patch(`/api/v2/subcommunities/${id}`, { name: "Y" })).status).toBe(404);
  });

  it("refuses bad slugs, duplicates, unknown languages and categories with 422 naming the field", async () => {
    const first = await admin.client.post<SiteSection>("/api/v2/subcommunities", {
      name: "Deutsch",
      slug: "de",
      locale: "en",
    });
    expect(first.status).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "A", slug: "Has Space", locale: "en" }, "slug"],
      [{ name: "A", slug: "-dash", locale: "en" }, "slug"],
      [{ name: "A", slug: "de", locale: "en" }, "slug"],
      [{ name: "A", slug: "discussions", locale: "en" }, "slug"],
      [{ name: "A", slug: "api", locale: "en" }, "slug"],
      [{ name: "A", slug: "new-one", locale: "xx" }, "locale"],
      [{ name: "A", slug: "new-one", locale: "en", rootCategoryID: 999999 }, "rootCategoryID"],
      [{ name: " ", slug: "new-one", locale: "en" }, "name"],
      [
        { name: "A", slug: "new-one", locale: "en", navigation: [{ name: "X", url: "javascript:1" }] },
        "navigation.0.url",
      ],
    ];
    for (const [body, field] of cases) {
      const response = await admin.client.post<ValidationBody>("/api/v2/subcommunities", body);
      expect([response.status, response.body.errors.map((error) => error.field)]).toEqual([422, [field]]);
    }
    expect((await admin.client.post("/api/v2/subcommunities", { name: "No slug" })).status).toBe(422);
    const clash = await admin.client.patch<ValidationBody>(
      `/api/v2/subcommunities/${first.body.siteSectionID}`,
      {
        slug: "categories",
      },
    );
    expect(clash.status).toBe(422);
    // Its own slug is no clash.
    const same = await admin.client.patch(`/api/v2/subcommunities/${first.body.siteSectionID}`, {
      slug: "de",
    });
    expect(same.status).toBe(200);
    const slugs = (await testApp.guest().get<SiteSection[]>("/api/v2/subcommunities")).body.map(
      (s) => s.slug,
    );
    expect(slugs).toEqual(["de"]);
    await admin.client.delete(`/api/v2/subcommunities/${first.body.siteSectionID}`);
  });

  it("serves /{slug}/ as the section: its language, its categories, its home layout; off, the folder is unknown", async () => {
    const created = await admin.client.post<SiteSection>("/api/v2/subcommunities", {
      name: "Communauté",
      slug: "communaute",
      locale: "fr",
      rootCategoryID: frenchRoot,
      description: "Le coin des francophones",
      navigation: [{ name: "Aide locale", url: "/communaute/categories" }],
      themeKey: "theme-dark",
    });
    const id = created.body.siteSectionID;
    await makeDiscussion(member.client, frenchChild, "Les tomates cerises");
    await makeDiscussion(member.client, elsewhere, "Growing English roses");
    const home = await testApp.guest().get("/communaute/");
    expect(home.status).toBe(200);
    expect(home.text).toContain('lang="fr"');
    expect(home.text).toContain("Le coin des francophones");
    expect(home.text).toContain("Jardinage");
    expect(home.text).not.toContain("English Corner");
    expect(home.text).toContain("Les tomates cerises");
    expect(home.text).not.toContain("Growing English roses");
    const site = await testApp.guest().get("/");
    expect(site.text).toContain("English Corner");
    expect(site.text).toContain('lang="en"');
    // Its own navigation in the title bar and its own theme.
    expect(home.text).toContain("Aide locale");
    expect(site.text).not.toContain("Aide locale");
    const themeVariables = (page: string) =>
      /<style id="themeVariables">([^<]*)<\/style>/.exec(page)?.[1] ?? "";
    expect(themeVariables(home.text)).toContain("#161b22");
    expect(themeVariables(home.text)).not.toEqual(themeVariables(site.text));

    const categories = await testApp.guest().get("/communaute/categories");
    expect(categories.text).toContain("Jardinage");
    expect(categories.text).not.toContain("English Corner");
    // A reader who chose a language keeps it.
    const chosen = await testApp.guest().get("/communaute/", { cookie: "locale=en" });
    expect(chosen.text).toContain('lang="en"');
    expect(chosen.text).toContain("Jardinage");

    // The layout API scopes a section's home the same way.
    const hydrated = await testApp
      .guest()
      .get<{ layoutViewType: string }>(
        `/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=siteSection&recordID=${id}`,
      );
    expect(hydrated.body.layoutViewType).toBe("subcommunityHome");
    expect(JSON.stringify(hydrated.body)).toContain(`"categoryID":${frenchChild}`);
    expect(JSON.stringify(hydrated.body)).not.toContain(`"categoryID":${elsewhere}`);

    // A subcommunityHome layout assigned to the section is its home page.
    const layout = await admin.client.post<{ layoutID: number }>("/api/v2/layouts", {
      name: "Accueil francophone",
      layoutViewType: "subcommunityHome",
      layout: [
        {
          sectionType: "oneColumn",
          device: "all",
          columns: [
            [
              {
                widget: "links",
                device: "all",
                title: "Liens utiles",
                items: [{ name: "Guide du jardin", url: "/communaute/categories", description: "" }],
                itemOptions: { contentType: "title", displayType: "list", maxColumnCount: 1 },
              },
            ],
          ],
        },
      ],
    });
    expect(layout.status).toBe(201);
    const assigned = await admin.client.put(`/api/v2/layouts/${layout.body.layoutID}/views`, [
      { recordType: "siteSection", recordID: id },
    ]);
    expect(assigned.status).toBe(200);
    const laidOut = await testApp.guest().get("/communaute/");
    expect(laidOut.text).toContain("Guide du jardin");
    expect((await testApp.guest().get("/")).text).not.toContain("Guide du jardin");

    // Search in the section covers its categories only.
    await makeDiscussion(member.client, frenchChild, "Compost maison");
    await makeDiscussion(member.client, elsewhere, "Compost heaps");
    const names = async (query: string) =>
      (await testApp.guest().get<{ name: string }[]>(`/api/v2/search?query=compost${query}`)).body
        .map((result) => result.name)
        .sort();
    expect(await names("")).toEqual(["Compost heaps", "Compost maison"]);
    expect(await names(`&siteSectionID=${id}`)).toEqual(["Compost maison"]);
    expect(await names("&siteSectionID=0")).toEqual(["Compost heaps", "Compost maison"]);
    // The section's discussion list is its own too, its pager in its folder.
    const sectionList = await testApp.guest().get("/communaute/discussions");
    expect(sectionList.text).toContain("Compost maison");
    expect(sectionList.text).not.toContain("Compost heaps");
    expect(sectionList.text).toContain('href="/communaute/discussions?sort=-dateInserted"');
    expect((await testApp.guest().get("/discussions")).text).toContain("Compost heaps");

    // The API's lists take siteSectionID (API.md 6.2, 7.3).
    const sectionCategories = await testApp
      .guest()
      .get<{ categoryID: number }[]>(`/api/v2/categories?siteSectionID=${id}&outputFormat=flat`);
    expect(sectionCategories.body.map((category) => category.categoryID).sort()).toEqual(
      [frenchRoot, frenchChild].sort(),
    );
    const sectionDiscussions = await testApp
      .guest()
      .get<{ name: string }[]>(`/api/v2/discussions?siteSectionID=${id}`);
    expect(sectionDiscussions.body.map((discussion) => discussion.name).sort()).toEqual([
      "Compost maison",
      "Les tomates cerises",
    ]);
    const named = await testApp
      .guest()
      .get<{ name: string }[]>(`/api/v2/discussions?siteSectionID=${id}&categoryID=${elsewhere}`);
    expect(named.body.map((discussion) => discussion.name).sort()).toEqual([
      "Compost heaps",
      "Growing English roses",
    ]);

    // The search page in the section's folder searches the section.
    const sectionSearch = await testApp.guest().get("/communaute/search?query=compost");
    expect(sectionSearch.text).toContain("Compost maison");
    expect(sectionSearch.text).not.toContain("Compost heaps");
    expect((await testApp.guest().get("/search?query=compost")).text).toContain("Compost heaps");

    expect((await admin.client.patch("/api/v2/addons/subcommunities", { enabled: false })).status).toBe(200);
    expect((await testApp.guest().get("/communaute/")).status).toBe(404);
    // Off, a section no longer narrows search.
    expect(await names(`&siteSectionID=${id}`)).toEqual(["Compost heaps", "Compost maison"]);
    expect((await admin.client.patch("/api/v2/addons/subcommunities", { enabled: true })).status).toBe(200);
    const back = await testApp.guest().get<SiteSection>(`/api/v2/subcommunities/${id}`);
    expect(back.body.slug).toBe("communaute");
    expect((await testApp.guest().get("/communaute/")).text).toContain("Guide du jardin");
  });
});
