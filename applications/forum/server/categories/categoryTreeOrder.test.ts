import type { Category } from "@forum/api/categories";
import type { TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import {
  countMismatches,
  createForumTestApp,
  forumClient,
  makeCategory,
  makeDiscussion,
} from "../testing/forumTesting";

describe.each(testDialects)("category tree order on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };
  let garden: Category;
  let tools: Category;
  let seeds: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    garden = await makeCategory(admin.client, { name: "Garden", displayAs: "categories" });
    tools = await makeCategory(admin.client, { name: "Tools" });
    seeds = await makeCategory(admin.client, { name: "Seeds" });
    await makeDiscussion(member.client, seeds.categoryID, "Tomato seeds");
  });
  afterAll(async () => {
    await testApp.close();
  });

  const flat = async () =>
    (await admin.client.get<Category[]>("/api/v2/categories?outputFormat=flat&limit=500")).body.filter(
      (category) => [garden.categoryID, tools.categoryID, seeds.categoryID].includes(category.categoryID),
    );

  it("moves and reorders several categories in one write; depths and totals follow", async () => {
    const moved = await admin.client.put("/api/v2/categories/tree", [
      { categoryID: seeds.categoryID, parentCategoryID: garden.categoryID, sort: 0 },
      { categoryID: tools.categoryID, parentCategoryID: garden.categoryID, sort: 1 },
    ]);
    expect(moved.status).toBe(204);
    const after = await flat();
    expect(after.map((category) => [category.name, category.depth, category.parentCategoryID])).toEqual([
      ["Garden", 1, null],
      ["Seeds", 2, garden.categoryID],
      ["Tools", 2, garden.categoryID],
    ]);
    expect(after[0]).toMatchObject({ countCategories: 2, countAllDiscussions: 1 });
    expect(await countMismatches(testApp.context)).toEqual([]);

    const reordered = await admin.client.put("/api/v2/categories/tree", [
      { categoryID: tools.categoryID, parentCategoryID: garden.categoryID, sort: 0 },
      { categoryID: seeds.categoryID, parentCategoryID: garden.categoryID, sort: 1 },
    ]);
    expect(reordered.status).toBe(204);
    expect((await flat()).map((category) => category.name)).toEqual(["Garden", "Tools", "Seeds"]);
  });

  it("refuses cycles, unknown categories and members, writing nothing", async () => {
    const before = await flat();
    const cycle = await admin.client.put("/api/v2/categories/tree", [
      { categoryID: tools.categoryID, parentCategoryID: garden.categoryID, sort: 5 },
      { categoryID: garden.categoryID, parentCategoryID: tools.categoryID, sort: 0 },
    ]);
    expect(cycle.status).toBe(422);
    expect((cycle.body as { errors: Array<{ field: string }> }).errors[0]?.field).toMatch(
      /parentCategoryID$/,
    );
    const unknown = await admin.client.put("/api/v2/categories/tree", [
      { categoryID: 999999, parentCategoryID: null, sort: 0 },
    ]);
    expect(unknown.status).toBe(422);
    expect((await admin.client.put("/api/v2/categories/tree", [])).status).toBe(422);
    expect(
      (
        await member.client.put("/api/v2/categories/tree", [
          { categoryID: tools.categoryID, parentCategoryID: null, sort: 0 },
        ])
      ).status,
    ).toBe(403);
    expect(await flat()).toEqual(before);
  });
});
