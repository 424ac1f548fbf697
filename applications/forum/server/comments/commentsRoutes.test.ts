import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { TestUser } from "@library/server/testing/factories";
import { testDialects, TEST_ORIGIN, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { getDiscussionPageData } from "../discussions/discussionPage";
import { viewerForUser } from "@library/server/auth/viewerResolver";
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
import { commentPage } from "./commentsQueries";

describe.each(testDialects)("comments on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };
  let other: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };
  let general: Category;
  let child: Category;
  let secret: Category;
  let thread: Discussion;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member, other, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    child = await makeCategory(admin.client, { name: "Child", parentCategoryID: general.categoryID });
    secret = await makePrivateCategory(testApp, admin.client, "Secret", ["Member"]);
    thread = await makeDiscussion(member.client, child.categoryID, "Thread");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("adds a comment and updates the discussion, category (with ancestors) and user counts", async () => {
    const created = await other.client.post<Comment>("/api/v2/comments", {
      discussionID: thread.discussionID,
      body: rich2("Nice thread"),
      format: "rich2",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      discussionID: thread.discussionID,
      parentRecordType: "discussion",
      parentRecordID: thread.discussionID,
      categoryID: child.categoryID,
      name: "Re: Thread",
      depth: 1,
      insertUser: { userID: other.user.userID },
      url: `${TEST_ORIGIN}/discussion/comment/${created.body.commentID}#Comment_${created.body.commentID}`,
    });
    const discussion = await member.client.get<Discussion>(
      `/api/v2/discussions/${thread.discussionID}?expand=lastUser`,
    );
    expect(discussion.body).toMatchObject({
      countComments: 1,
      lastUserID: other.user.userID,
      lastUser: { userID: other.user.userID },
    });
    const parent = await member.client.get<Category>(`/api/v2/categories/${general.categoryID}`);
    expect(parent.body).toMatchObject({ countComments: 0, countAllComments: 1, countAllDiscussions: 1 });
    expect(await countMismatches(testApp.context)).toEqual([]);
  });

  it("refuses comments in order: 403, 404, closed 400, 422 — changing nothing", async () => {
    const before = await forumRowCount(testApp.context, "comments");
    const post = (client: TestClient, body: Record<string, unknown>) =>
      client.post("/api/v2/comments", {
        discussionID: thread.discussionID,
        body: rich2("x"),
        format: "rich2",
        ...body,
      });
    expect((await post(testApp.guest(), {})).status).toBe(403);
    expect((await post(member.client, { discussionID: 99999 })).body).toEqual({
      message: "Discussion not found.",
      status: 404,
    });
    expect((await post(member.client, { discussionID: undefined })).body).toMatchObject({
      status: 422,
      errors: [{ field: "discussionID" }],
    });
    expect((await post(member.client, { body: "" })).body).toMatchObject({
      status: 422,
      errors: [{ field: "body" }],
    });
    const hidden = await makeDiscussion(moderator.client, secret.categoryID, "Hidden");
    expect((await post(member.client, { discussionID: hidden.discussionID })).status).toBe(403);
    const closed = await makeDiscussion(member.client, general.categoryID, "Closed one");
    await moderator.client.patch(`/api/v2/discussions/${closed.discussionID}`, { closed: true });
    expect((await post(member.client, { discussionID: closed.discussionID })).body).toEqual({
      message: "This discussion has been closed.",
      status: 400,
    });
    expect((await post(member.client, { parentCommentID: 99999 })).status).toBe(400);
    expect(await forumRowCount(testApp.context, "comments")).toBe(before);
    expect((await post(moderator.client, { discussionID: closed.discussionID })).status).toBe(201);
  });

  it("lists a discussion's comments with a numbered pager, sorts, and exact deep pages", async () => {
    const busy = await makeDiscussion(member.client, general.categoryID, "Busy");
    for (let index = 0; index < 5; index += 1)
      await makeComment(index % 2 ? other.client : member.client, busy.discussionID, `Reply ${index}`);
    const page1 = await testApp
      .guest()
      .get<Comment[]>(`/api/v2/comments?discussionID=${busy.discussionID}&limit=2`);
    const page2 = await testApp
      .guest()
      .get<Comment[]>(`/api/v2/comments?discussionID=${busy.discussionID}&limit=2&page=2`);
    const all = await testApp
      .guest()
      .get<Comment[]>(`/api/v2/comments?parentRecordType=discussion&parentRecordID=${busy.discussionID}`);
    expect(all.body).toHaveLength(5);
    expect([...page1.body, ...page2.body].map((comment) => comment.commentID)).toEqual(
      all.body.slice(0, 4).map((comment) => comment.commentID),
    );
    expect(page1.headers["x-app-page-result-count"]).toBe("5");
    expect(page1.body[0]?.insertUser).toBeDefined();
    const newest = await testApp
      .guest()
      .get<Comment[]>(
        `/api/v2/comments?discussionID=${busy.discussionID}&sort=-dateInserted&expand=-insertUser,raw`,
      );
    expect(newest.body[0]?.commentID).toBe(all.body[4]?.commentID);
    expect(newest.body[0]?.insertUser).toBeUndefined();
    expect(newest.body[0]?.bodyRaw).toBe(rich2("Reply 4"));
    const byUser = await testApp
      .guest()
      .get<Comment[]>(`/api/v2/comments?insertUserID=${other.user.userID}&expand=category`);
    expect(byUser.body.every((comment) => comment.insertUserID === other.user.userID)).toBe(true);
    expect(byUser.body[0]?.category).toBeDefined();
    expect((await testApp.guest().get(`/api/v2/comments?discussionID=99999`)).status).toBe(404);
    expect((await testApp.guest().get(`/api/v2/comments?parentRecordType=discussion`)).status).toBe(422);
    expect((await testApp.guest().get(`/api/v2/comments`)).status).toBe(422);
    const third = all.body[2];
    expect(await commentPage(testApp.context.db, third?.commentID ?? 0, 2)).toEqual({
      discussionID: busy.discussionID,
      page: 2,
    });
    const viewer = await viewerForUser(testApp.context, member.user.userID);
    if (!viewer) throw new Error("viewer");
    const pageData = await getDiscussionPageData(testApp.context, viewer, busy.discussionID, 1);
    expect(pageData.comments).toHaveLength(5);
    expect(pageData.discussion.insertUser?.userID).toBe(member.user.userID);
    expect(pageData.discussion.breadcrumbs?.map((crumb) => crumb.name)).toEqual(["Home", "General"]);
  });

  it("reads the same pages near the start and deep into a long discussion, in every sort", async () => {
    const deep = await makeDiscussion(member.client, general.categoryID, "Deep");
    const firstID = await makeComment(member.client, deep.discussionID, "Reply 0");
    const { db } = testApp.context;
    const { commentID: _, ...template } = await db
      .selectFrom("comments")
      .selectAll()
      .where("commentID", "=", firstID)
      .executeTakeFirstOrThrow();
    // 310 comments, a second apart, with scores that tie in pairs: pages past the 300th comment read ids first.
    const start = Date.parse(template.dateInserted);
    await db
      .insertInto("comments")
      .values(
        Array.from({ length: 309 }, (_unused, index) => ({
          ...template,
          dateInserted: new Date(start + (index + 1) * 1000).toISOString(),
          score: Math.floor(index / 2),
        })),
      )
      .execute();
    for (const sort of ["dateInserted", "-dateInserted", "-experimentalTrending"]) {
      const all = await testApp
        .guest()
        .get<Comment[]>(`/api/v2/comments?discussionID=${deep.discussionID}&limit=100&sort=${sort}&page=1`);
      const rest = await Promise.all(
        [2, 3, 4].map((page) =>
          testApp
            .guest()
            .get<Comment[]>(
              `/api/v2/comments?discussionID=${deep.discussionID}&limit=100&sort=${sort}&page=${page}`,
            ),
        ),
      );
      const ids = [...all.body, ...rest.flatMap((response) => response.body)].map(
        (comment) => comment.commentID,
      );
      expect(new Set(ids).size).toBe(310);
      // limit 3: page 100 starts at 297, 101 at 300 (one statement), 102 at 303 and 103 at 306 (ids first).
      for (const page of [100, 101, 102, 103]) {
        const response = await testApp
          .guest()
          .get<Comment[]>(
            `/api/v2/comments?discussionID=${deep.discussionID}&limit=3&sort=${sort}&page=${page}`,
          );
        expect(response.body.map((comment) => comment.commentID)).toEqual(
          ids.slice((page - 1) * 3, page * 3),
        );
      }
    }
    // Written around the counters: gone again, so the other tests' counts still add up.
    await db
      .deleteFrom("comments")
      .where("discussionID", "=", deep.discussionID)
      .where("commentID", "!=", firstID)
      .execute();
  });

  it("edits within the rule and refuses others", async () => {
    const commentID = await makeComment(member.client, thread.discussionID, "Original");
    const edited = await member.client.patch<Comment>(`/api/v2/comments/${commentID}`, {
      body: rich2("Changed"),
      format: "rich2",
    });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toContain("Changed");
    expect((await other.client.patch(`/api/v2/comments/${commentID}`, { body: rich2("Mine") })).status).toBe(
      403,
    );
    expect((await other.client.get(`/api/v2/comments/${commentID}/edit`)).status).toBe(403);
    expect((await member.client.get(`/api/v2/comments/${commentID}/edit`)).body).toMatchObject({
      body: rich2("Changed"),
      format: "rich2",
    });
    const quote = await other.client.get<{ bodyRaw: unknown }>(`/api/v2/comments/${commentID}/quote`);
    expect(quote.body.bodyRaw).toEqual([{ type: "p", children: [{ text: "Changed" }] }]);
    await testApp.context.settings.write(testApp.context.db, { "ui.editContentTimeout": 0 }, 0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      (await member.client.patch(`/api/v2/comments/${commentID}`, { body: rich2("Late") })).body,
    ).toEqual({
      message: "Editing comments is not allowed.",
      status: 400,
    });
    expect(
      (await moderator.client.patch(`/api/v2/comments/${commentID}`, { body: rich2("Moderated") })).status,
    ).toBe(200);
    await testApp.context.settings.write(testApp.context.db, { "ui.editContentTimeout": 3600 }, 0);
    expect((await member.client.get(`/api/v2/comments/99999`)).body).toEqual({
      message: "Comment not found.",
      status: 404,
    });
  });

  it("deletes with comments.delete, recomputing the last post and every count", async () => {
    const fresh = await makeDiscussion(member.client, child.categoryID, "Short lived replies");
    const first = await makeComment(other.client, fresh.discussionID, "first");
    const second = await makeComment(member.client, fresh.discussionID, "second");
    expect((await member.client.delete(`/api/v2/comments/${second}`)).status).toBe(403);
    expect((await moderator.client.delete(`/api/v2/comments/${second}`)).status).toBe(204);
    const after = await member.client.get<Discussion>(`/api/v2/discussions/${fresh.discussionID}`);
    expect(after.body).toMatchObject({ countComments: 1, lastUserID: other.user.userID });
    expect(await countMismatches(testApp.context)).toEqual([]);
    expect((await moderator.client.delete(`/api/v2/comments/${first}`)).status).toBe(204);
    const empty = await member.client.get<Discussion>(`/api/v2/discussions/${fresh.discussionID}`);
    expect(empty.body).toMatchObject({
      countComments: 0,
      lastUserID: member.user.userID,
      dateLastComment: fresh.dateInserted,
    });
    expect(await countMismatches(testApp.context)).toEqual([]);
  });
});
