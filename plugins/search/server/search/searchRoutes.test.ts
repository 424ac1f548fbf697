import { serverApplications } from "@applications/serverApplications";
import { roleIDByName, sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { SearchResult } from "../../api/searchApi";
import { rebuildSearchIndex } from "../indexing/rebuildSearchIndex";
import { indexRecords } from "../indexing/searchIndexing";
import { searchRecordTypes, type SearchRecordType } from "@library/server/search/searchRecordTypes";
import { syncDirectoryRecords } from "../indexing/directorySync";
import { createCategory, postComment, postDiscussion } from "../testing/searchTesting";

describe.each(testDialects)("GET /search (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;
  let guest: TestClient;
  let publicCategoryID: number;
  let privateCategoryID: number;
  let privateDiscussionID: number;
  let alphaID: number;

  const search = (client: TestClient, query: string) => client.get<SearchResult[]>(`/api/v2/search?${query}`);
  const names = (results: SearchResult[]) => results.map((result) => result.name).sort();

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    member = (await sessionClient(testApp, { name: "Margaret" })).client;
    guest = testApp.guest();
    publicCategoryID = await createCategory(admin, "Gardening");
    const hidden = [];
    for (const role of ["Member", "Guest"] as const)
      hidden.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
    privateCategoryID = await createCategory(admin, "Staff Room", hidden);
    alphaID = await postDiscussion(
      member,
      publicCategoryID,
      "Growing tomatoes indoors",
      "Pinch the suckers weekly.",
    );
    await postDiscussion(member, publicCategoryID, "Compost basics", "Tomatoes love compost and sunlight.");
    await postComment(member, alphaID, "A south window works; also 日本語のテキスト with kanji.");
    privateDiscussionID = await postDiscussion(
      admin,
      privateCategoryID,
      "Secret tomatoes plan",
      "Staff only tomato budget.",
    );
    await postComment(admin, privateDiscussionID, "The tomatoes budget is confidential.");
  });
  afterAll(() => testApp.close());

  it("finds discussions and comments by their words, the title first, with marked excerpts and paging headers", async () => {
    const response = await search(guest, "query=tomatoes&expand=breadcrumbs,insertUser");
    expect(response.status).toBe(200);
    expect(response.body[0]?.name).toBe("Growing tomatoes indoors");
    expect(names(response.body)).toEqual(["Compost basics", "Growing tomatoes indoors"]);
    expect(response.headers["x-app-page-result-count"]).toBe("2");
    expect(response.headers["x-app-page-current"]).toBe("1");
    expect(response.headers["x-search-powered-by"]).toBeTruthy();
    const compost = response.body.find((result) => result.name === "Compost basics");
    expect(compost?.highlight).toContain("<mark>Tomatoes</mark>");
    expect(compost?.breadcrumbs?.map((crumb) => crumb.name)).toEqual(["Home", "Gardening"]);
    expect(compost?.insertUser?.name).toBe("Margaret");
    expect(compost?.url).toMatch(/^http:\/\/localhost(:80)?\/discussion\/\d+\/compost-basics$/);
  });

  it("never shows a member or guest a result, a count or an excerpt from a category they cannot see", async () => {
    for (const client of [guest, member]) {
      const response = await search(client, "query=budget");
      expect(response.body).toEqual([]);
      expect(response.headers["x-app-page-result-count"]).toBe("0");
      const tomatoes = await search(client, "query=tomatoes&recordTypes=discussion,comment");
      expect(tomatoes.body.every((result) => result.categoryID === publicCategoryID)).toBe(true);
      expect(tomatoes.headers["x-app-page-result-count"]).toBe("2");
      expect(tomatoes.text).not.toContain("Secret");
      const scoped = await search(client, `query=tomatoes&categoryID=${privateCategoryID}`);
      expect(scoped.body).toEqual([]);
    }
    const staff = await search(admin, "query=budget");
    expect(names(staff.body)).toEqual(["RE: Secret tomatoes plan", "Secret tomatoes plan"]);
  });

  it("matches Chinese, Japanese and Korean text inside a sentence", async () => {
    const response = await search(guest, `query=${encodeURIComponent("日本語")}`);
    expect(response.body.map((result) => result.recordType)).toEqual(["comment"]);
    expect(response.body[0]?.highlight).toContain("<mark>日本語</mark>");
  });

  it("combines terms with and/or, reads phrases and -exclusions", async () => {
    expect(names((await search(guest, "query=tomatoes compost")).body)).toEqual(["Compost basics"]);
    expect(names((await search(guest, "query=suckers compost&queryOperator=or")).body)).toEqual([
      "Compost basics",
      "Growing tomatoes indoors",
    ]);
    expect(names((await search(guest, "query=tomatoes -compost&recordTypes=discussion")).body)).toEqual([
      "Growing tomatoes indoors",
    ]);
    expect(names((await search(guest, `query=${encodeURIComponent('"south window"')}`)).body)).toEqual([
      "RE: Growing tomatoes indoors",
    ]);
  });

  it("filters by author, category, date and type, and sorts by date", async () => {
    const byAuthor = await search(guest, "query=tomatoes&insertUserNames=margaret&recordTypes=discussion");
    expect(byAuthor.body).toHaveLength(2);
    expect((await search(guest, "query=tomatoes&insertUserNames=nobody")).body).toEqual([]);
    const inCategory = await search(guest, `query=tomatoes&categoryID=${publicCategoryID}&types=discussion`);
    expect(inCategory.body.every((result) => result.type === "discussion")).toBe(true);
    expect((await search(guest, "query=tomatoes&dateInserted=<2000-01-01")).body).toEqual([]);
    expect((await search(guest, "query=tomatoes&dateInserted=>=2000-01-01")).body.length).toBeGreaterThan(0);
    const newest = await search(guest, "query=tomatoes&recordTypes=discussion&sort=-dateInserted");
    const oldest = await search(guest, "query=tomatoes&recordTypes=discussion&sort=dateInserted");
    expect(newest.body.map((result) => result.recordID)).toEqual(
      oldest.body.map((result) => result.recordID).reverse(),
    );
  });

  it("pages with limit, page and the next/previous links", async () => {
    const first = await search(guest, "query=tomatoes&limit=1");
    expect(first.body).toHaveLength(1);
    expect(first.headers["x-app-page-next-url"]).toContain("page=2");
    const second = await search(guest, "query=tomatoes&limit=1&page=2");
    expect(second.body).toHaveLength(1);
    expect(second.body[0]?.recordID).not.toBe(first.body[0]?.recordID);
    expect(second.headers["x-app-page-prev-url"]).toBeTruthy();
  });

  it("answers an empty query with no filter with an empty list", async () => {
    const response = await search(guest, "query=");
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it("finds nothing for a query without a word to look for, in the search page and the autocomplete", async () => {
    const queries = ["-", "--", "---", "- -", "-tomatoes", '"" -compost', '"-"', "   ", "!!", "- !", '"" ""'];
    for (const text of queries)
      for (const extra of [
        "",
        "&recordTypes=discussion,comment&limit=3&expand=breadcrumbs,-body&collapse=true",
      ]) {
        for (const operator of ["and", "or"]) {
          const response = await search(
            admin,
            `query=${encodeURIComponent(text)}&queryOperator=${operator}${extra}`,
          );
          expect({ text, extra, operator, status: response.status, body: response.body }).toEqual({
            text,
            extra,
            operator,
            status: 200,
            body: [],
          });
          expect(response.headers["x-app-page-result-count"]).toBe("0");
        }
      }
    // Punctuation beside a real word is ignored; the word is still found.
    expect(names((await search(guest, "query=- tomatoes -&recordTypes=discussion")).body)).toEqual([
      "Compost basics",
      "Growing tomatoes indoors",
    ]);
  });

  it("refuses bad input with 422 in the API.md error shape, never 500", async () => {
    for (const query of [
      "query=a&dateInserted=yesterday",
      "query=a&recordTypes=spaceship",
      "query=a&limit=1000",
      "query=a&page=0",
      "query=a&sort=sideways",
      "query=a&categoryID=abc",
    ]) {
      const response = await search(guest, query);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ message: "Validation Failed", status: 422 });
    }
  });

  it("follows edits, moves and deletions through its jobs", async () => {
    const discussionID = await postDiscussion(
      member,
      publicCategoryID,
      "Zucchini notes",
      "Plant after frost.",
    );
    expect(names((await search(guest, "query=zucchini")).body)).toEqual(["Zucchini notes"]);
    await member.patch(`/api/v2/discussions/${discussionID}`, { name: "Courgette notes" });
    expect((await search(guest, "query=zucchini")).body).toEqual([]);
    expect(names((await search(guest, "query=courgette")).body)).toEqual(["Courgette notes"]);
    const commentID = await postComment(member, discussionID, "Harvest courgettes small.");
    await admin.patch(`/api/v2/discussions/${discussionID}`, { categoryID: privateCategoryID });
    expect((await search(guest, "query=courgette")).body).toEqual([]);
    expect((await search(admin, "query=courgette")).body).toHaveLength(2);
    await admin.delete(`/api/v2/comments/${commentID}`);
    expect(names((await search(admin, "query=courgette")).body)).toEqual(["Courgette notes"]);
    await admin.delete(`/api/v2/discussions/${discussionID}`);
    expect((await search(admin, "query=courgette")).body).toEqual([]);
  });

  it("finds members and categories in their domains once the directory sync has run", async () => {
    await syncDirectoryRecords(testApp.context);
    const members = await search(guest, "query=margaret&domain=members");
    expect(members.body.map((result) => [result.recordType, result.name])).toEqual([["user", "Margaret"]]);
    expect(members.body[0]?.url).toMatch(/\/profile\/Margaret$/);
    const categories = await search(guest, "query=garden&domain=category");
    expect(categories.body.map((result) => result.name)).toEqual(["Gardening"]);
    expect((await search(guest, "query=staff&domain=category")).body).toEqual([]);
    expect((await search(admin, "query=staff&domain=category")).body.map((result) => result.name)).toEqual([
      "Staff Room",
    ]);
  });

  it("offers 'did you mean' for a misspelt word, from what the viewer may see only", async () => {
    const misspelt = await search(guest, "query=tomatos&recordTypes=discussion,comment");
    expect(misspelt.body).toEqual([]);
    expect(decodeURIComponent(String(misspelt.headers["x-search-suggestion"]))).toBe("tomatoes");
    const swapped = await search(guest, "query=compsot basics");
    expect(decodeURIComponent(String(swapped.headers["x-search-suggestion"]))).toBe("compost basics");
    expect((await search(guest, "query=tomatoes")).headers["x-search-suggestion"]).toBeUndefined();
    // "confidential" is only in the private category: no suggestion leads a guest there.
    expect((await search(guest, "query=confidentail")).headers["x-search-suggestion"]).toBeUndefined();
    expect(
      decodeURIComponent(String((await search(admin, "query=confidentail")).headers["x-search-suggestion"])),
    ).toBe("confidential");
    const page = await guest.get("/search?query=tomatos");
    expect(page.text).toContain("Did you mean:");
    expect(page.text).toMatch(/href="\/search\?query=tomatoes"/);
  });

  it("links the search page with 'search' instead of 'query' when the new search page is off", async () => {
    const on = await guest.get("/search?search=tomatoes&limit=1");
    expect(on.text).toContain("Growing tomatoes indoors");
    expect(on.text).toContain('name="query"');
    await admin.patch("/api/v2/config", { "themeFeatures.useNewSearchPage": false });
    const off = await guest.get("/search?search=tomatoes");
    expect(off.text).toContain('name="search"');
    expect(off.text).toMatch(/href="\/search\?search=tomatoes&amp;domain=user"/);
    await admin.patch("/api/v2/config", { "themeFeatures.useNewSearchPage": true });
  });

  it("publishes the hub's name and address for 'Search In' and refuses an address that is not one", async () => {
    const hub = { "search.hubName": "Green Hub", "search.hubUrl": "https://hub.example.com" };
    expect((await admin.patch("/api/v2/config", hub)).status).toBe(204);
    const config = await guest.get<Record<string, unknown>>("/api/v2/config");
    expect(config.body).toMatchObject(hub);
    expect((await admin.patch("/api/v2/config", { "search.hubUrl": "javascript:alert(1)" })).status).toBe(
      422,
    );
    expect((await member.patch("/api/v2/config", { "search.hubName": "Mine" })).status).toBe(403);
    // The hub's own search page reads the scope it is sent with.
    expect((await guest.get("/search?query=tomatoes&scope=hub")).text).toContain("Growing tomatoes indoors");
    await admin.patch("/api/v2/config", { "search.hubName": "", "search.hubUrl": "" });
  });

  it("rebuilds the whole index, dropping documents of records that are gone", async () => {
    const totals = await rebuildSearchIndex(testApp.context);
    expect(totals.map((total) => total.recordType)).toEqual(["discussion", "comment", "user", "category"]);
    expect(names((await search(guest, "query=tomatoes")).body)).toEqual([
      "Compost basics",
      "Growing tomatoes indoors",
    ]);
  });

  it("searches an add-on's record type in its own domain, with its tab on the search page", async () => {
    const before = await guest.get("/search?query=tomato");
    expect(before.text).not.toContain(">Groups<");
    const club = { recordID: 7, name: "Tomato growers club", dateInserted: new Date().toISOString() };
    const groups: SearchRecordType = {
      recordType: "group",
      domain: "group",
      types: ["group"],
      visibility: { kind: "permission", permission: "profiles.view" },
      load: async (_db, ids) =>
        ids.includes(club.recordID)
          ? [
              {
                recordType: "group",
                recordID: club.recordID,
                type: "group",
                name: club.name,
                body: "Growers meet monthly.",
                categoryID: null,
                discussionID: null,
                insertUserID: 1,
                dateInserted: club.dateInserted,
                dateUpdated: null,
              },
            ]
          : [],
      listIDs: async (_db, afterID) => (afterID < club.recordID ? [club.recordID] : []),
      view: async (_context, _viewer, ids) =>
        new Map(
          ids
            .filter((id) => id === club.recordID)
            .map((id) => [
              id,
              {
                recordID: id,
                name: club.name,
                path: `/groups/${id}`,
                bodyHtml: null,
                categoryID: null,
                discussionID: null,
                commentID: null,
                insertUserID: 1,
                updateUserID: null,
                dateInserted: club.dateInserted,
                dateUpdated: null,
                score: 0,
                labelCodes: [],
              },
            ]),
        ),
    };
    searchRecordTypes(testApp.context).add(groups, "search");
    await indexRecords(testApp.context, "group", [club.recordID]);
    const found = await search(guest, "query=growers&domain=group");
    expect(found.body.map((result) => [result.recordType, result.name])).toEqual([["group", club.name]]);
    expect((await search(guest, "query=growers")).body).toEqual([]);
    const page = await guest.get("/search?query=growers&domain=group");
    expect(page.text).toContain(">Groups<");
    expect(page.text).toContain(club.name);
  });
});
