import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { TestUser } from "@library/server/testing/factories";
import { testDialects, TEST_ORIGIN, type TestApp, type TestClient } from "@library/server/testing/testApp";
import {
  createForumTestApp,
  forumCast,
  forumRowCount,
  makeCategory,
  makePrivateCategory,
  makeComment,
  makeDiscussion,
  rich2,
} from "../testing/forumTesting";

describe.each(testDialects)("discussions on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };
  let other: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };
  let general: Category;
  let ideas: Category;
  let heading: Category;
  let secret: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member, other, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    ideas = await makeCategory(admin.client, { name: "Ideas", parentCategoryID: general.categoryID });
    heading = await makeCategory(admin.client, { name: "Heading", displayAs: "heading" });
    secret = await makePrivateCategory(testApp, admin.client, "Secret");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("creates a discussion (201 with insertUser) and reads it back", async () => {
    const created = await member.client.post<Discussion>("/api/v2/discussions", {
      name: "Hello world",
      body: rich2("First **post**"),
      format: "rich2",
      categoryID: general.categoryID,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Hello world",
      categoryID: general.categoryID,
      insertUserID: member.user.userID,
      insertUser: { userID: member.user.userID, name: member.user.name },
      countComments: 0,
      pinned: false,
      pinLocation: null,
      closed: false,
      bookmarked: false,
    });
    expect(created.body.body).toContain("<p>");
    expect(created.body.url).toBe(`${TEST_ORIGIN}/discussion/${created.body.discussionID}/hello-world`);
    const read = await testApp
      .guest()
      .get<Discussion>(`/api/v2/discussions/${created.body.discussionID}?expand=all`);
    expect(read.body).toMatchObject({
      category: { categoryID: general.categoryID, name: "General" },
      breadcrumbs: [{ name: "Home" }, { name: "General" }],
      bodyRaw: rich2("First **post**"),
      unread: false,
    });
    expect(read.body.excerpt).toContain("First");
    expect(read.body.resolved).toBeUndefined();
    const noBody = await testApp
      .guest()
      .get<Discussion>(`/api/v2/discussions/${created.body.discussionID}?expand=-body`);
    expect(noBody.body.body).toBeUndefined();
  });

  it("refuses bad posts and changes nothing", async () => {
    const before = await forumRowCount(testApp.context, "discussions");
    const post = (client: TestClient, body: Record<string, unknown>) =>
      client.post("/api/v2/discussions", {
        name: "X",
        body: rich2("x"),
        format: "rich2",
        categoryID: general.categoryID,
        ...body,
      });
    expect((await post(testApp.guest(), {})).status).toBe(403);
    expect((await post(member.client, { categoryID: 9999 })).body).toEqual({
      message: "Category not found.",
      status: 404,
    });
    expect((await post(member.client, { categoryID: heading.categoryID })).body).toMatchObject({
      status: 403,
      message: "You are not allowed to post in categories with a display type of heading.",
    });
    expect((await post(member.client, { categoryID: secret.categoryID })).status).toBe(403);
    expect((await post(member.client, { pinned: true })).status).toBe(403);
    expect((await post(member.client, { closed: true })).status).toBe(403);
    expect((await post(member.client, { name: "" })).body).toMatchObject({
      status: 422,
      errors: [{ field: "name" }],
    });
    expect((await post(member.client, { body: "not json" })).body).toMatchObject({
      status: 422,
      errors: [{ field: "body" }],
    });
    expect((await post(member.client, { format: "bbcode" })).body).toMatchObject({
      status: 422,
      errors: [{ field: "format" }],
    });
    expect((await post(member.client, { type: "poll" })).body).toMatchObject({
      status: 422,
      errors: [{ field: "type" }],
    });
    expect(await forumRowCount(testApp.context, "discussions")).toBe(before);
  });

  it("hides discussions of a private category from lists and reads of members, not of moderators", async () => {
    const hidden = await makeDiscussion(moderator.client, secret.categoryID, "Hidden plans");
    const names = async (client: TestClient) =>
      (await client.get<Discussion[]>("/api/v2/discussions?limit=100")).body.map(
        (discussion) => discussion.name,
      );
    expect(await names(member.client)).not.toContain("Hidden plans");
    expect(await names(testApp.guest())).not.toContain("Hidden plans");
    expect(await names(moderator.client)).toContain("Hidden plans");
    expect((await member.client.get(`/api/v2/discussions/${hidden.discussionID}`)).status).toBe(403);
    expect((await member.client.get(`/api/v2/discussions?categoryID=${secret.categoryID}`)).status).toBe(403);
    expect((await member.client.get(`/api/v2/comments?discussionID=${hidden.discussionID}`)).status).toBe(
      403,
    );
    expect((await member.client.get("/api/v2/discussions/99999")).body).toEqual({
      message: "Discussion not found.",
      status: 404,
    });
  });

  it("pages deep lists exactly, with numbered paging headers from stored counts", async () => {
    const lane = await makeCategory(admin.client, { name: "Paging Lane" });
    for (let index = 0; index < 7; index += 1)
      await makeDiscussion(member.client, lane.categoryID, `Paged ${index}`);
    const all = await member.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${lane.categoryID}&limit=100`,
    );
    const page1 = await member.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${lane.categoryID}&limit=3`,
    );
    const page2 = await member.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${lane.categoryID}&limit=3&page=2`,
    );
    const page3 = await member.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${lane.categoryID}&limit=3&page=3`,
    );
    const ids = (list: Discussion[]) => list.map((discussion) => discussion.discussionID);
    expect([...ids(page1.body), ...ids(page2.body), ...ids(page3.body)]).toEqual(ids(all.body));
    expect(page2.headers["x-app-page-result-count"]).toBe("7");
    expect(page2.headers["x-app-page-current"]).toBe("2");
    expect(page2.headers["x-app-page-limit"]).toBe("3");
    expect(page2.headers["x-app-page-prev-url"]).toContain("limit=3");
    expect(page2.headers["x-app-page-next-url"]).toContain("page=3");
    expect(page3.headers["x-app-page-next-url"]).toBeUndefined();
    const oldest = await member.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${lane.categoryID}&sort=dateInserted&limit=2`,
    );
    expect(oldest.body.map((discussion) => discussion.name)).toEqual(["Paged 0", "Paged 1"]);
    expect((await member.client.get("/api/v2/discussions?page=300&limit=30")).status).toBe(200);
    expect((await member.client.get("/api/v2/discussions?limit=101")).body).toMatchObject({
      errors: [{ field: "limit" }],
    });
    expect((await member.client.get("/api/v2/discussions?page=0")).body).toMatchObject({
      errors: [{ field: "page" }],
    });
    expect((await member.client.get("/api/v2/discussions?sort=name")).status).toBe(422);
    expect((await member.client.get("/api/v2/discussions?expand=nope")).status).toBe(422);
  });

  it("filters by author, child categories, type, hasComments, dates and pins announcements first", async () => {
    const child = await makeDiscussion(other.client, ideas.categoryID, "Child idea");
    const parent = await makeDiscussion(other.client, general.categoryID, "Parent talk");
    await makeComment(member.client, parent.discussionID);
    const pinned = await makeDiscussion(moderator.client, general.categoryID, "Read me", {
      pinned: true,
      pinLocation: "recent",
    });
    // The moderator sees every category, so the author's stored count is the total.
    const byAuthor = await moderator.client.get<Discussion[]>(
      `/api/v2/discussions?insertUserID=${other.user.userID}`,
    );
    expect(byAuthor.body.map((discussion) => discussion.name).sort()).toEqual(["Child idea", "Parent talk"]);
    expect(byAuthor.headers["x-app-page-result-count"]).toBe("2");
    const tree = await member.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${general.categoryID}&includeChildCategories=true&insertUserID=${other.user.userID}`,
    );
    expect(tree.body.map((discussion) => discussion.discussionID).sort()).toEqual(
      [child.discussionID, parent.discussionID].sort(),
    );
    const withComments = await member.client.get<Discussion[]>(`/api/v2/discussions?hasComments=true`);
    expect(withComments.body.map((discussion) => discussion.name)).toContain("Parent talk");
    expect(withComments.body.every((discussion) => discussion.countComments > 0)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await member.client.get<Discussion[]>(`/api/v2/discussions?dateInserted=${today}`)).body.length,
    ).toBeGreaterThan(0);
    expect(
      (await member.client.get<Discussion[]>(`/api/v2/discussions?dateInserted=<2000-01-01`)).body,
    ).toEqual([]);
    expect((await member.client.get<Discussion[]>(`/api/v2/discussions?type=question`)).body).toEqual([]);
    const first = await member.client.get<Discussion[]>(
      `/api/v2/discussions?pinOrder=first&sort=dateInserted`,
    );
    expect(first.body[0]?.discussionID).toBe(pinned.discussionID);
    const onlyPinned = await member.client.get<Discussion[]>(`/api/v2/discussions?pinned=true`);
    expect(onlyPinned.body.map((discussion) => discussion.name)).toEqual(["Read me"]);
    expect((await member.client.get(`/api/v2/discussions?categoryID=>1`)).status).toBe(400);
  });
});
