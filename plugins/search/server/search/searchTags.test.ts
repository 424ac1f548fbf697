import { serverApplications } from "@applications/serverApplications";
import { roleIDByName, sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { SearchResult } from "../../api/searchApi";
import { rebuildSearchIndex } from "../indexing/rebuildSearchIndex";
import { createCategory } from "../testing/searchTesting";

describe.each(testDialects)("GET /search by tags (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let guest: TestClient;
  let publicID: number;
  let tagIDs: Record<string, number>;

  const search = (client: TestClient, query: string) => client.get<SearchResult[]>(`/api/v2/search?${query}`);
  const names = (results: SearchResult[]) => results.map((result) => result.name).sort();
  /** Events run after the response; their jobs are drained by the next request. */
  const settle = async () => {
    await testApp.context.events.settled();
    await testApp.context.jobs.drain();
  };
  const post = async (client: TestClient, categoryID: number, name: string, tags: string[]) => {
    const response = await client.post<{ discussionID: number }>("/api/v2/discussions", {
      name,
      body: `Notes about ${name}.`,
      format: "text",
      categoryID,
      newTagNames: tags,
    });
    if (response.status !== 201) throw new Error(`${response.status} ${response.text}`);
    return response.body.discussionID;
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    guest = testApp.guest();
    publicID = await createCategory(admin, "Orchard");
    const hidden = [];
    for (const role of ["Member", "Guest"] as const)
      hidden.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
    const privateID = await createCategory(admin, "Staff Room", hidden);
    await post(admin, publicID, "Apple pruning", ["Apples", "Pruning"]);
    await post(admin, publicID, "Apple cider", ["Apples"]);
    await post(admin, publicID, "Pear pruning", ["Pears", "Pruning"]);
    await post(admin, privateID, "Secret apple budget", ["Apples"]);
    await settle();
    const tags = await admin.get<{ tagID: number; name: string }[]>("/api/v2/tags?limit=100");
    tagIDs = Object.fromEntries(tags.body.map((tag) => [tag.name, tag.tagID]));
  });
  afterAll(() => testApp.close());

  it("finds discussions by any (or) or all (and) of the tags, never in a private category", async () => {
    expect(names((await search(guest, "tags=Apples")).body)).toEqual(["Apple cider", "Apple pruning"]);
    expect(names((await search(guest, "tags=apples,pruning&tagOperator=or")).body)).toEqual([
      "Apple cider",
      "Apple pruning",
      "Pear pruning",
    ]);
    expect(names((await search(guest, "tags=Apples,Pruning&tagOperator=and")).body)).toEqual([
      "Apple pruning",
    ]);
    expect(names((await search(guest, "query=pruning&tags=Pears")).body)).toEqual(["Pear pruning"]);
    expect((await search(guest, "tags=Apples,Nonexistent&tagOperator=and")).body).toEqual([]);
    expect(names((await search(guest, "tags=Apples,Nonexistent")).body)).toEqual([
      "Apple cider",
      "Apple pruning",
    ]);
    const counted = await search(guest, "tags=Apples");
    expect(counted.headers["x-app-page-result-count"]).toBe("2");
    expect(names((await search(admin, "tags=Apples")).body)).toContain("Secret apple budget");
    expect([400, 422]).toContain((await search(guest, "tagOperator=both&tags=Apples")).status);
  });

  it("filters the server-rendered search page by tags, read as a list or as indexed value/label pairs", async () => {
    const listed = await guest.get("/search?query=apple&tags=Apples");
    expect(listed.text).toContain("Apple cider");
    expect(listed.text).not.toContain("Pear pruning");
    expect(listed.text).not.toContain("Secret apple budget");
    expect(listed.text).toContain('name="tags" value="Apples"');
    const paired = await guest.get(
      `/search?query=pruning&${encodeURI("tags[0][value]=Apples&tags[0][label]=Apples&tags[1][value]=Pruning&tags[1][label]=Pruning")}&tagOperator=and`,
    );
    expect(paired.text).toContain("Apple pruning");
    expect(paired.text).not.toContain("Pear pruning");
    expect(paired.text).toContain('name="tagOperator" value="and"');
  });

  // As the administrator: a guest's answers may come from the anonymous micro-cache for a moment.
  it("follows tag changes, merges and rebuilds through the tags-changed event", async () => {
    const pears = await search(admin, "tags=Pears");
    const pearID = pears.body[0]?.recordID ?? 0;
    expect((await admin.put(`/api/v2/discussions/${pearID}/tags`, { tagIDs: [tagIDs.Apples] })).status).toBe(
      200,
    );
    await settle();
    expect((await search(admin, "tags=Pears")).body).toEqual([]);
    expect(names((await search(admin, "tags=Apples")).body)).toContain("Pear pruning");

    expect(
      (await admin.post(`/api/v2/tags/${tagIDs.Pruning}/merge`, { sourceTagIDs: [tagIDs.Apples] })).status,
    ).toBe(200);
    await settle();
    expect(names((await search(admin, "tags=Pruning")).body)).toEqual([
      "Apple cider",
      "Apple pruning",
      "Pear pruning",
      "Secret apple budget",
    ]);

    // The filter reads the index's copy (emptied behind its back here; a new sort asks past the 1 s cache).
    await testApp.context.db.deleteFrom("searchDiscussionTags").execute();
    expect((await search(admin, "tags=Pruning&sort=dateInserted")).body).toEqual([]);
    await rebuildSearchIndex(testApp.context);
    expect(names((await search(admin, "tags=Pruning&sort=dateInserted")).body)).toHaveLength(4);
  });
});
