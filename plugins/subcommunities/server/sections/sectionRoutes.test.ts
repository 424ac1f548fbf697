import { serverApplications } from "@applications/serverApplications";
import {
  makeComment,
  makeDiscussion,
  postCategory,
  signedInCast,
  type SignedIn,
} from "@library/server/testing/apiPosts";
import { createTestApp, TEST_ORIGIN, testDialects, type TestApp } from "@library/server/testing/testApp";
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
  it("links a section's pages inside its folder, sends other parts' pages to their address, and searches it", async () => {
    const created = await admin.client.post<SiteSection>("/api/v2/subcommunities", {
      name: "Francophonie",
      slug: "franco",
      locale: "fr",
      rootCategoryID: frenchRoot,
    });
    const id = created.body.siteSectionID;
    const inside = await makeDiscussion(member.client, frenchChild, "Semis de radis");
    const outside = await makeDiscussion(member.client, elsewhere, "Sowing radishes");
    await makeComment(member.client, inside, "Arrosez les radis le soir");
    await makeComment(member.client, outside, "Water the radishes at dawn");
    const hrefs = (page: string) => [...page.matchAll(/href="([^"]*)"/g)].map((match) => match[1] ?? "");

    // The home, the lists and the discussion link inside the section: title bar, categories, discussions,
    // pagers, New Discussion and sign-in (whose return address is the section's page too).
    for (const path of [
      "/franco/",
      "/franco/discussions",
      "/franco/categories/jardinage",
      `/franco/discussion/${inside}`,
    ]) {
      const page = await testApp.guest().get(path);
      expect([path, page.status]).toEqual([path, 200]);
      const links = hrefs(page.text);
      const sectionPages = links.filter((href) =>
        /^\/(discussions?|categories|post|search|entry)\b/.test(href),
      );
      expect([path, sectionPages]).toEqual([path, []]);
      expect(links).toContain("/franco/categories/jardinage");
      expect(
        links.some((href) => href.startsWith(`/franco/entry/signin?Target=${encodeURIComponent(path)}`)),
      ).toBe(true);
      expect(page.text).toContain('"basePath":"/franco"');
      expect(page.text).toContain(`"siteSection":{"siteSectionID":${id}`);
    }
    // A section page's client calls the API in its folder (its base path): reads and writes work there.
    const written = await member.client.post<{ commentID: number }>("/franco/api/v2/comments", {
      discussionID: inside,
      body: "Depuis la section",
      format: "markdown",
    });
    expect(written.status).toBe(201);
    expect((await testApp.guest().get(`/franco/api/v2/comments/${written.body.commentID}`)).status).toBe(200);
    // A comment's permalink in the folder leads to its page in the folder.
    const permalink = await testApp.guest().get(`/franco/discussion/comment/${written.body.commentID}`);
    expect([permalink.status, permalink.headers.location]).toEqual([
      302,
      expect.stringMatching(new RegExp(`^/franco/discussion/${inside}/semis-de-radis#Comment_`)),
    ]);
    // Its sign-in page opens in the folder.
    expect((await testApp.guest().get("/franco/entry/signin?Target=%2Ffranco%2F")).status).toBe(200);
    const home = await testApp.guest().get("/franco/");
    expect(hrefs(home.text).some((href) => href.startsWith(`/franco/discussion/${inside}/`))).toBe(true);
    const thread = await testApp.guest().get(`/franco/discussion/${inside}`);
    expect(thread.text).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/franco/discussion/${inside}/`));
    // Profiles are the site's: their links stay global.
    expect(
      hrefs(thread.text)
        .filter((href) => href.includes("/profile/"))
        .every((href) => href.startsWith("/profile/")),
    ).toBe(true);
    // The same pages on the site itself keep their addresses.
    const site = await testApp.guest().get(`/discussion/${inside}`);
    expect(hrefs(site.text).some((href) => href.startsWith("/franco/"))).toBe(false);
    expect(site.text).toContain('"basePath":""');
    // The layout API links a section's page tree inside it as well.
    const hydrated = await testApp
      .guest()
      .get(
        `/api/v2/layouts/lookup-hydrate?layoutViewType=discussionList&recordType=global&recordID=-1&params[siteSectionID]=${id}`,
      );
    expect(hydrated.status).toBe(200);
    expect(hydrated.text).toContain(`"/franco/discussion/${inside}/`);

    // Another part of the site, asked for through the section's folder, is sent to its own address.
    const away = await testApp
      .guest()
      .get(`/franco/discussion/${outside}/sowing-radishes?sort=-dateInserted`);
    expect([away.status, away.headers.location]).toEqual([
      302,
      `/discussion/${outside}/sowing-radishes?sort=-dateInserted`,
    ]);
    const awayCategory = await testApp.guest().get("/franco/categories/english-corner");
    expect([awayCategory.status, awayCategory.headers.location]).toEqual([302, "/categories/english-corner"]);
    const awayLayout = await testApp
      .guest()
      .get<{ redirectTo?: string }>(
        `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${outside}&params[siteSectionID]=${id}`,
      );
    expect(awayLayout.body.redirectTo).toBe(`/discussion/${outside}/sowing-radishes`);
    // The server's own redirects keep a reader in the folder: to sign in before posting, to the first unread
    // comment, and to a discussion posted from the form without JavaScript.
    const toSignIn = await testApp.guest().get("/franco/post/discussion");
    expect(toSignIn.headers.location).toBe(
      `/franco/entry/signin?Target=${encodeURIComponent("/franco/post/discussion")}`,
    );
    const unread = await member.client.get(`/franco/discussion/unread/${inside}`);
    expect([unread.status, unread.headers.location]).toEqual([
      302,
      expect.stringMatching(new RegExp(`^/franco/discussion/${inside}/semis-de-radis`)),
    ]);
    const posted = await testApp.app.inject({
      method: "POST",
      url: "/franco/post/discussion",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: TEST_ORIGIN,
        host: "localhost:80",
        cookie: `${testApp.context.settings.peek<string>("garden.cookie.name")}=${member.client.cookie ?? ""}`,
      },
      payload: new URLSearchParams({
        name: "Sans JavaScript",
        categoryID: String(frenchChild),
        body: "Posté depuis le formulaire.",
      }).toString(),
    });
    expect([posted.statusCode, posted.headers.location]).toEqual([
      303,
      expect.stringMatching(/^\/franco\/discussion\/\d+\/sans-javascript$/),
    ]);

    // A discussion the reader may not read is not sent anywhere: no redirect says it exists, no layout names it.
    const staffRoom = await postCategory(testApp, admin.client, "Staff Room", {
      hiddenFrom: ["Member", "Guest"],
    });
    const secret = await makeDiscussion(admin.client, staffRoom, "Secret pruning plans");
    const hidden = await testApp.guest().get(`/franco/discussion/${secret}`);
    expect(hidden.status).not.toBe(302);
    expect(hidden.headers.location).toBeUndefined();
    const hiddenLayout = await testApp
      .guest()
      .get(
        `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${secret}&params[siteSectionID]=${id}`,
      );
    expect(hiddenLayout.text).not.toContain("secret-pruning-plans");
    expect(hiddenLayout.text).not.toContain("redirectTo");
    const seenByStaff = await admin.client.get(`/franco/discussion/${secret}`);
    expect([seenByStaff.status, seenByStaff.headers.location]).toEqual([302, `/discussion/${secret}`]);
    // A missing page in the section leads back to the section's home.
    const missing = await testApp.guest().get("/franco/discussion/999999");
    expect(missing.status).toBe(404);
    expect(missing.text).toMatch(/<main[^>]*>[\s\S]*<a class="button button-primary" href="\/franco\/">/);
    // ...or to its own section when one holds it.
    const english = await admin.client.post<SiteSection>("/api/v2/subcommunities", {
      name: "English",
      slug: "english",
      locale: "en",
      rootCategoryID: elsewhere,
    });
    const toSection = await testApp.guest().get(`/franco/discussion/${outside}`);
    expect([toSection.status, toSection.headers.location]).toEqual([302, `/english/discussion/${outside}`]);
    expect((await testApp.guest().get(`/english/discussion/${outside}`)).status).toBe(200);

    // Search with siteSectionID finds the section's discussions and comments only.
    const found = async (query: string) =>
      (
        await testApp
          .guest()
          .get<{ name: string; recordType: string }[]>(
            `/api/v2/search?query=radis${query}&recordTypes=discussion,comment`,
          )
      ).body
        .map((result) => result.recordType)
        .sort();
    expect(await found(`&siteSectionID=${id}`)).toEqual(["comment", "discussion"]);
    // The section's search page links its results and its form inside the folder.
    const searchPage = await testApp.guest().get("/franco/search?query=radis");
    const resultLinks = hrefs(searchPage.text).filter((href) => href.includes("/discussion/"));
    expect(resultLinks.length).toBeGreaterThan(0);
    expect(
      resultLinks.every((href) => new URL(href, "http://x").pathname.startsWith("/franco/discussion/")),
    ).toBe(true);
    expect(searchPage.text).toContain('action="/franco/search"');
    expect(searchPage.text).not.toContain("Sowing radishes");

    // Off, the folder is unknown and the site's pages have no prefix; the sections stay.
    expect((await admin.client.patch("/api/v2/addons/subcommunities", { enabled: false })).status).toBe(200);
    expect((await testApp.guest().get(`/franco/discussion/${inside}`)).status).toBe(404);
    const off = await testApp.guest().get(`/discussion/${inside}`);
    expect(hrefs(off.text).some((href) => href.startsWith("/franco/"))).toBe(false);
    expect((await admin.client.patch("/api/v2/addons/subcommunities", { enabled: true })).status).toBe(200);
    expect((await testApp.guest().get(`/franco/discussion/${inside}`)).status).toBe(200);
    for (const section of [id, english.body.siteSectionID])
      expect((await admin.client.delete(`/api/v2/subcommunities/${section}`)).status).toBe(204);
  });
});
