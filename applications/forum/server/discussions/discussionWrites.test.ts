import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import {
  countMismatches,
  createForumTestApp,
  forumCast,
  forumRowCount,
  makeCategory,
  makePrivateCategory,
  makeComment,
  makeDiscussion,
  rich2,
} from "../testing/forumTesting";

describe.each(testDialects)("discussion writes on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };
  let other: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };
  let general: Category;
  let ideas: Category;
  let secret: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member, other, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    ideas = await makeCategory(admin.client, { name: "Ideas", parentCategoryID: general.categoryID });
    secret = await makePrivateCategory(testApp, admin.client, "Secret");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("refuses an empty patch to anyone who may not edit, and writes nothing for it", async () => {
    const mine = await makeDiscussion(member.client, general.categoryID, "Left as it is");
    const before = (await other.client.get<Discussion>(`/api/v2/discussions/${mine.discussionID}`)).body;
    expect((await other.client.patch(`/api/v2/discussions/${mine.discussionID}`, {})).status).toBe(403);
    expect((await testApp.guest().patch(`/api/v2/discussions/${mine.discussionID}`, {})).status).toBe(403);
    const own = await member.client.patch<Discussion>(`/api/v2/discussions/${mine.discussionID}`, {});
    expect(own.status).toBe(200);
    const after = (await other.client.get<Discussion>(`/api/v2/discussions/${mine.discussionID}`)).body;
    expect(after.updateUserID).toBe(before.updateUserID);
    expect(after.dateUpdated).toBe(before.dateUpdated);
  });

  it("applies the edit rule, the closeOwn decision and field permissions", async () => {
    const mine = await makeDiscussion(member.client, general.categoryID, "Editable");
    const edited = await member.client.patch<Discussion>(
      `/api/v2/discussions/${mine.discussionID}?expand=category`,
      {
        name: "Edited title",
        body: rich2("New body"),
        format: "rich2",
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: "Edited title",
      updateUserID: member.user.userID,
      category: { name: "General" },
    });
    expect(edited.body.body).toContain("New body");
    expect(
      (await other.client.patch(`/api/v2/discussions/${mine.discussionID}`, { name: "Hijack" })).status,
    ).toBe(403);
    expect(
      (await member.client.patch(`/api/v2/discussions/${mine.discussionID}`, { sink: true })).status,
    ).toBe(403);
    expect(
      (await member.client.patch(`/api/v2/discussions/${mine.discussionID}`, { closed: true })).status,
    ).toBe(403);
    expect(
      (await testApp.guest().patch(`/api/v2/discussions/${mine.discussionID}`, { name: "Guest" })).status,
    ).toBe(403);
    await testApp.context.settings.write(testApp.context.db, { "ui.editContentTimeout": 0 }, 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const late = await member.client.patch(`/api/v2/discussions/${mine.discussionID}`, { name: "Too late" });
    expect(late.body).toEqual({ message: "Editing discussions is not allowed.", status: 400 });
    const closed = await moderator.client.patch<Discussion>(`/api/v2/discussions/${mine.discussionID}`, {
      closed: true,
      sink: true,
      pinned: true,
    });
    expect(closed.body).toMatchObject({
      closed: true,
      sink: true,
      pinned: true,
      pinLocation: "category",
      name: "Edited title",
    });
    await testApp.context.settings.write(testApp.context.db, { "ui.editContentTimeout": -1 }, 0);
    const whileClosed = await member.client.patch(`/api/v2/discussions/${mine.discussionID}`, {
      name: "Closed now",
    });
    expect(whileClosed.status).toBe(400);
    const adminOwn = await makeDiscussion(admin.client, general.categoryID, "Admin own");
    expect(
      (await admin.client.patch<Discussion>(`/api/v2/discussions/${adminOwn.discussionID}`, { closed: true }))
        .body.closed,
    ).toBe(true);
    await testApp.context.settings.write(testApp.context.db, { "ui.editContentTimeout": 3600 }, 0);
  });

  it("moves a discussion between categories with count fixes", async () => {
    const traveller = await makeDiscussion(member.client, general.categoryID, "Traveller");
    await makeComment(other.client, traveller.discussionID);
    await makeComment(other.client, traveller.discussionID);
    const refused = await member.client.patch(`/api/v2/discussions/${traveller.discussionID}`, {
      categoryID: secret.categoryID,
    });
    expect(refused.status).toBe(403);
    const moved = await member.client.patch<Discussion>(`/api/v2/discussions/${traveller.discussionID}`, {
      categoryID: ideas.categoryID,
    });
    expect(moved.body.categoryID).toBe(ideas.categoryID);
    expect(await countMismatches(testApp.context)).toEqual([]);
    const ideasNow = await member.client.get<Category>(`/api/v2/categories/${ideas.categoryID}`);
    expect(ideasNow.body.countComments).toBeGreaterThanOrEqual(2);
  });

  it("returns edit and quote data to the right people", async () => {
    const post = await makeDiscussion(member.client, general.categoryID, "Quotable");
    const edit = await member.client.get(`/api/v2/discussions/${post.discussionID}/edit`);
    expect(edit.body).toMatchObject({
      discussionID: post.discussionID,
      body: rich2("Body of Quotable"),
      format: "rich2",
    });
    expect((await other.client.get(`/api/v2/discussions/${post.discussionID}/edit`)).status).toBe(403);
    expect((await moderator.client.get(`/api/v2/discussions/${post.discussionID}/edit`)).status).toBe(200);
    const quote = await other.client.get<{ bodyRaw: unknown; insertUser: { name: string } }>(
      `/api/v2/discussions/${post.discussionID}/quote`,
    );
    expect(quote.body.bodyRaw).toEqual([{ type: "p", children: [{ text: "Body of Quotable" }] }]);
    expect(quote.body.insertUser.name).toBe(member.user.name);
  });

  it("deletes with discussions.delete only, and keeps every count consistent", async () => {
    const doomed = await makeDiscussion(member.client, ideas.categoryID, "Doomed");
    await makeComment(other.client, doomed.discussionID);
    const before = await forumRowCount(testApp.context, "comments");
    expect((await member.client.delete(`/api/v2/discussions/${doomed.discussionID}`)).status).toBe(403);
    expect(await forumRowCount(testApp.context, "comments")).toBe(before);
    expect((await moderator.client.delete(`/api/v2/discussions/${doomed.discussionID}`)).status).toBe(204);
    expect((await member.client.get(`/api/v2/discussions/${doomed.discussionID}`)).status).toBe(410);
    expect(await forumRowCount(testApp.context, "comments")).toBe(before - 1);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });
});
