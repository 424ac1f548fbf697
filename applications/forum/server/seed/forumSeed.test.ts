import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { countMismatches, createForumTestApp, forumClient, forumRowCount } from "../testing/forumTesting";
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

  it("lets members read and comment in Announcements, but only staff start discussions there", async () => {
    const tree = await testApp.guest().get<Category[]>("/api/v2/categories");
    const announcements = tree.body.find((category) => category.urlcode === "announcements");
    expect(announcements?.countDiscussions).toBeGreaterThan(0);
    const welcome = (
      await testApp.guest().get<Discussion[]>(`/api/v2/discussions?categoryID=${announcements?.categoryID}`)
    ).body[0];
    const member = (await forumClient(testApp)).client;
    const refused = await member.post("/api/v2/discussions", {
      categoryID: announcements?.categoryID,
      name: "Member news",
      body: "Not here",
      format: "markdown",
    });
    expect(refused.status).toBe(403);
    const comment = await member.post("/api/v2/comments", {
      discussionID: welcome?.discussionID,
      body: "Thanks!",
      format: "markdown",
    });
    expect(comment.status).toBe(201);
    const moderator = (await forumClient(testApp, { role: "Moderator" })).client;
    const news = await moderator.post("/api/v2/discussions", {
      categoryID: announcements?.categoryID,
      name: "Staff news",
      body: "Here",
      format: "markdown",
    });
    expect(news.status).toBe(201);
  });

  it("does nothing on a second run", async () => {
    const before = await forumRowCount(testApp.context, "discussions");
    await seedForumDemo(testApp.context);
    expect(await forumRowCount(testApp.context, "discussions")).toBe(before);
  });
});
