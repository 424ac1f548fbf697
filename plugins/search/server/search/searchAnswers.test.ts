import zlib from "node:zlib";
import { serverApplications } from "@applications/serverApplications";
import { roleIDByName, sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { SearchResult } from "../../api/searchApi";
import { createCategory, postComment, postDiscussion } from "../testing/searchTesting";

describe.each(testDialects)("search answers shared by role (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let ada: TestClient;
  let bob: TestClient;
  let guest: TestClient;
  let orchardID: number;
  let greenhouseID: number;

  const search = (client: TestClient, query: string) => client.get<SearchResult[]>(`/api/v2/search?${query}`);
  const names = (results: SearchResult[]) => results.map((result) => result.name).sort();

  /** The answer as the shared cache serves it, then as it is made for this viewer alone. */
  async function bothWays(client: TestClient, query: string) {
    testApp.context.config.sharedPageSeconds = 60;
    const shared = await search(client, query);
    testApp.context.config.sharedPageSeconds = 0;
    const alone = await search(client, query);
    testApp.context.config.sharedPageSeconds = 60;
    expect(shared.status).toBe(200);
    expect(shared.headers["x-app-page-result-count"]).toBe(alone.headers["x-app-page-result-count"]);
    expect(shared.body).toEqual(alone.body);
    return shared.body;
  }

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { sharedPageSeconds: 60 });
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    ada = (await sessionClient(testApp, { name: "Ada" })).client;
    bob = (await sessionClient(testApp, { name: "Bob" })).client;
    guest = testApp.guest();
    orchardID = await createCategory(admin, "Orchard");
    greenhouseID = await createCategory(admin, "Greenhouse");
    const hidden = [];
    for (const role of ["Member", "Guest"] as const)
      hidden.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
    const staffID = await createCategory(admin, "Potting Shed", hidden);
    const pearsID = await postDiscussion(ada, orchardID, "Pruning pear trees", "Prune pears in winter.");
    await postComment(bob, pearsID, "My pear trees fruit better since.");
    await postDiscussion(ada, greenhouseID, "Pear seedlings under glass", "Seedlings of pear need light.");
    await postDiscussion(admin, staffID, "Pear budget", "The pear budget is for staff.");
  });
  afterAll(() => testApp.close());

  it("answers a guest, a member and an administrator as if made for each alone, nothing private shared", async () => {
    // The administrator asks first: their answer (with the staff-only discussion) is never a member's.
    const asAdmin = await bothWays(admin, "query=pear");
    expect(names(asAdmin)).toContain("Pear budget");
    const asAda = await bothWays(ada, "query=pear");
    expect(names(asAda)).not.toContain("Pear budget");
    expect(await bothWays(bob, "query=pear")).toEqual(asAda);
    const asGuest = await bothWays(guest, "query=pear");
    expect(names(asGuest)).not.toContain("Pear budget");
    expect(asGuest.length).toBeGreaterThan(0);
  });

  it("has an acknowledged write in the very next answer", async () => {
    expect(await bothWays(guest, "query=quince")).toEqual([]);
    await postDiscussion(bob, orchardID, "Quince jelly", "Quince needs long cooking.");
    expect(names((await search(guest, "query=quince")).body)).toEqual(["Quince jelly"]);
    expect(names((await search(ada, "query=quince")).body)).toEqual(["Quince jelly"]);
  });

  it("makes a search of followed categories for each member", async () => {
    const follow = await ada.put(`/api/v2/categories/${greenhouseID}/follow`, { followed: true });
    expect(follow.status).toBe(200);
    const query = "query=pear&followedCategories=true";
    expect(names((await search(ada, query)).body)).toEqual(["Pear seedlings under glass"]);
    expect((await search(bob, query)).body).toEqual([]);
    expect(names((await search(ada, query)).body)).toEqual(["Pear seedlings under glass"]);
  });

  it("sends a shared answer compressed once, the same JSON in every encoding, with its paging headers", async () => {
    const query = "query=pear&limit=2&expand=insertUser,breadcrumbs";
    const url = `/api/v2/search?${query}`;
    const plain = await search(guest, query);
    for (const [encoding, decode] of [
      ["br", zlib.brotliDecompressSync],
      ["gzip", zlib.gunzipSync],
    ] as const) {
      for (let round = 0; round < 2; round++) {
        const response = await testApp.app.inject({ url, headers: { "accept-encoding": encoding } });
        expect(response.statusCode).toBe(200);
        expect(response.headers["x-app-page-result-count"]).toBe(plain.headers["x-app-page-result-count"]);
        expect(response.headers["x-app-page-next-url"]).toBe(plain.headers["x-app-page-next-url"]);
        const body =
          response.headers["content-encoding"] === encoding
            ? decode(response.rawPayload)
            : response.rawPayload;
        expect(JSON.parse(body.toString("utf8"))).toEqual(plain.body);
      }
    }
  });

  it("serves the server-rendered search page from the same answers", async () => {
    const page = await guest.get("/search?query=pear");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Pruning pear trees");
    expect(page.text).not.toContain("Pear budget");
    // A title or excerpt in another script reads in its own direction.
    expect(page.text).toContain('<h2 class="searchResult-title" dir="auto">');
    // Each result's date as the other pages write it: readable without JavaScript, made relative by the script.
    expect(page.text).toMatch(
      /<time datetime="[^"]+" title="[A-Z][a-z]+day, [A-Z][a-z]+ \d+, \d{4} at [^"]+ UTC" data-relative>[A-Z][a-z]{2} \d+, \d{4}<\/time>/,
    );
    const adminPage = await admin.get("/search?query=pear");
    expect(adminPage.text).toContain("Pear budget");
  });
});
