import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { countMismatches, createForumTestApp, forumRowCount } from "../testing/forumTesting";
import { seedForumDemo } from "./forumSeed";

describe.each(testDialects)("forum demo seed on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    await seedForumDemo(testApp.context);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("creates a community with consistent counts, a sub-category and a pinned announcement", async () => {
    expect(await countMismatches(testApp.context)).toEqual([]);
    expect(await forumRowCount(testApp.context, "discussions")).toBe(15);
    const tree = await testApp.guest().get<Category[]>("/api/v2/categories");
    const help = tree.body.find((category) => category.urlcode === "help");
    expect(help?.children?.map((category) => category.name)).toEqual(["Getting Started"]);
    const list = await testApp
      .guest()
      .get<Discussion[]>("/api/v2/discussions?pinOrder=first&expand=insertUser");
    expect(list.body[0]).toMatchObject({ name: "Welcome to the community!", pinned: true });
    expect(list.headers["x-app-page-result-count"]).toBe("15");
    expect(list.body[0]?.body).toContain("<ul>");
  });

  it("does nothing on a second run", async () => {
    await seedForumDemo(testApp.context);
    expect(await forumRowCount(testApp.context, "discussions")).toBe(15);
  });
});
