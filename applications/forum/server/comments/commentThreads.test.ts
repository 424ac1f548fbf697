import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import type { CommentThread } from "@forum/api/commentThreads";
import type { Discussion } from "@forum/api/discussions";
import type { ChangeLogEntry } from "@forum/api/changeLog";
import type { TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import {
  countMismatches,
  createForumTestApp,
  forumCast,
  makeCategory,
  makeComment,
  makeDiscussion,
  makePrivateCategory,
  rich2,
} from "../testing/forumTesting";
import { REPLIES_SHOWN, THREAD_DEPTH_SHOWN } from "./commentThreads";

type Cast = { client: TestClient; user: TestUser };

describe.each(testDialects)("threaded replies on %s", (dialect) => {
  let testApp: TestApp;
  let admin: Cast;
  let member: Cast;
  let other: Cast;
  let moderator: Cast;
  let general: Category;
  let thread: Discussion;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member, other, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    thread = await makeDiscussion(admin.client, general.categoryID, "Threads");
  });
  afterAll(async () => {
    await testApp.close();
  });

  const reply = async (
    client: TestClient,
    parentCommentID: number,
    text = "A reply",
    discussionID?: number,
  ) => {
    const response = await client.post<Comment>("/api/v2/comments", {
      discussionID: discussionID ?? thread.discussionID,
      parentCommentID,
      body: rich2(text),
      format: "rich2",
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const getComment = async (id: number) => (await member.client.get<Comment>(`/api/v2/comments/${id}`)).body;
  const threadOf = (client: TestClient, query: string) =>
    client.get<CommentThread>(`/api/v2/comments/thread?${query}`);
  /** countChildComments equals the live replies of every live comment. */
  const childCountMismatches = async () => {
    const rows = await testApp.context.db
      .selectFrom("comments")
      .select(["commentID", "parentCommentID", "countChildComments", "deleteLogID"])
      .execute();
    return rows
      .filter((row) => row.deleteLogID === null)
      .filter(
        (row) =>
          row.countChildComments !==
          rows.filter((child) => child.parentCommentID === row.commentID && child.deleteLogID === null)
            .length,
      )
      .map((row) => `comment ${row.commentID}: ${row.countChildComments}`);
  };

  it("nests a reply under its parent, counts it and notifies the parent's author", async () => {
    const top = await makeComment(other.client, thread.discussionID, "Top");
    const child = await reply(admin.client, top, "Child");
    expect(child).toMatchObject({ parentCommentID: top, depth: 2, discussionID: thread.discussionID });
    expect(await getComment(top)).toMatchObject({ countChildComments: 1, scoreChildComments: 0 });
    const notified = await testApp.context.db
      .selectFrom("notifications")
      .select(["body", "recordID"])
      .where("userID", "=", other.user.userID)
      .where("recordID", "=", child.commentID)
      .execute();
    expect(notified).toEqual([
      expect.objectContaining({ body: expect.stringContaining("replied to your comment in") }),
    ]);
    expect(await childCountMismatches()).toEqual([]);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });

  it("refuses a parent from another thread and a reply deeper than 5, writing nothing", async () => {
    const elsewhere = await makeDiscussion(admin.client, general.categoryID, "Elsewhere");
    const foreign = await makeComment(admin.client, elsewhere.discussionID);
    const before = (await member.client.get<Discussion>(`/api/v2/discussions/${thread.discussionID}`)).body;
    const wrong = await member.client.post("/api/v2/comments", {
      discussionID: thread.discussionID,
      parentCommentID: foreign,
      body: rich2("x"),
      format: "rich2",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: "Parent comment is from a different thread." });
    let parent = await makeComment(admin.client, thread.discussionID, "Level 1");
    for (let depth = 2; depth <= 5; depth += 1)
      parent = (await reply(admin.client, parent, `Level ${depth}`)).commentID;
    expect((await getComment(parent)).depth).toBe(5);
    const tooDeep = await member.client.post("/api/v2/comments", {
      discussionID: thread.discussionID,
      parentCommentID: parent,
      body: rich2("x"),
      format: "rich2",
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatchObject({ message: "Comment exceeds maximum depth." });
    const unknown = await member.client.post("/api/v2/comments", {
      discussionID: thread.discussionID,
      parentCommentID: 999999,
      body: rich2("x"),
      format: "rich2",
    });
    expect(unknown.status).toBe(400);
    const bad = await member.client.post("/api/v2/comments", {
      discussionID: thread.discussionID,
      parentCommentID: "first",
      body: rich2("x"),
      format: "rich2",
    });
    expect(bad.status).toBe(422);
    const after = (await member.client.get<Discussion>(`/api/v2/discussions/${thread.discussionID}`)).body;
    expect(after.countComments).toBe(before.countComments + 5);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });

  it("keeps countChildComments and scoreChildComments right across delete and restore", async () => {
    const top = await makeComment(admin.client, thread.discussionID, "Scored");
    const first = await reply(moderator.client, top, "First");
    const second = await reply(other.client, top, "Second");
    const grandchild = await reply(admin.client, first.commentID, "Grandchild");
    expect(
      (await admin.client.post(`/api/v2/comments/${second.commentID}/reactions`, { reactionType: "up" }))
        .status,
    ).toBeLessThan(300);
    const scored = await getComment(top);
    expect(scored.countChildComments).toBe(2);
    expect(scored.scoreChildComments).toBe((await getComment(second.commentID)).score);
    expect(scored.scoreChildComments).not.toBe(0);

    // full: the reply leaves with the replies under it.
    expect((await moderator.client.delete(`/api/v2/comments/${first.commentID}`)).status).toBe(204);
    expect((await member.client.get(`/api/v2/comments/${grandchild.commentID}`)).status).toBe(410);
    expect((await getComment(top)).countChildComments).toBe(1);
    expect(await childCountMismatches()).toEqual([]);
    expect(await countMismatches(testApp.context)).toEqual([]);

    const log = await moderator.client.get<ChangeLogEntry[]>(
      `/api/v2/log?recordType=comment&recordID=${first.commentID}`,
    );
    const entry = log.body[0];
    if (!entry) throw new Error("No change log entry");
    expect((await moderator.client.post(`/api/v2/log/${entry.logID}/restore`)).status).toBeLessThan(300);
    expect((await getComment(grandchild.commentID)).parentCommentID).toBe(first.commentID);
    expect((await getComment(top)).countChildComments).toBe(2);
    expect(await childCountMismatches()).toEqual([]);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });

  it("deletes as a tombstone: a placeholder without content or author keeps the replies in place", async () => {
    const top = await makeComment(other.client, thread.discussionID, "Secret words");
    const child = await reply(admin.client, top, "Still here");
    const refused = await member.client.delete(`/api/v2/comments/${top}`, { deleteMethod: "tombstone" });
    expect(refused.status).toBe(403);
    const badMethod = await moderator.client.delete(`/api/v2/comments/${top}`, { deleteMethod: "shred" });
    expect(badMethod.status).toBe(422);
    expect(
      (await moderator.client.delete(`/api/v2/comments/${top}`, { deleteMethod: "tombstone" })).status,
    ).toBe(204);
    expect((await member.client.get(`/api/v2/comments/${top}`)).status).toBe(410);
    const { body } = await threadOf(
      member.client,
      `discussionID=${thread.discussionID}&focusCommentID=${child.commentID}&limit=100`,
    );
    const tombstone = body.commentsByID[String(top)];
    expect(tombstone).toMatchObject({ commentID: top, displayMode: "tombstone", insertUserID: 0, score: 0 });
    expect(tombstone).not.toHaveProperty("body");
    expect(tombstone).not.toHaveProperty("insertUser");
    expect(JSON.stringify(body)).not.toContain("Secret words");
    const order = body.threadStructure.flatMap((item) => (item.type === "comment" ? [item.commentID] : []));
    expect(order.indexOf(child.commentID)).toBe(order.indexOf(top) + 1);
    expect(body.commentsByID[String(child.commentID)]).toMatchObject({
      displayMode: "full",
      parentCommentID: top,
    });
    // A tombstone takes no replies.
    const onTombstone = await member.client.post("/api/v2/comments", {
      discussionID: thread.discussionID,
      parentCommentID: top,
      body: rich2("x"),
      format: "rich2",
    });
    expect(onTombstone.status).toBe(400);
    expect(await countMismatches(testApp.context)).toEqual([]);
    expect(await childCountMismatches()).toEqual([]);
  });

  it("pages a thread by top-level comments with bounded replies and holes for the rest", async () => {
    const busy = await makeDiscussion(admin.client, general.categoryID, "Busy");
    const tops: number[] = [];
    for (let index = 0; index < 3; index += 1)
      tops.push(await makeComment(admin.client, busy.discussionID, `Top ${index}`));
    const [first] = tops as [number];
    for (let index = 0; index < REPLIES_SHOWN + 2; index += 1)
      await reply(moderator.client, first, `R${index}`, busy.discussionID);
    let deep = (await reply(admin.client, tops[1]!, "D2", busy.discussionID)).commentID;
    for (let depth = 3; depth <= 5; depth += 1)
      deep = (await reply(admin.client, deep, `D${depth}`, busy.discussionID)).commentID;

    const page1 = await threadOf(member.client, `discussionID=${busy.discussionID}&limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.headers["x-app-page-result-count"] ?? page1.headers.link).toBeDefined();
    const roots = page1.body.threadStructure.filter(
      (item) => item.type === "comment" && item.parentCommentID === null,
    );
    expect(roots.map((item) => item.type === "comment" && item.commentID)).toEqual(tops.slice(0, 2));
    const replies = page1.body.threadStructure.filter(
      (item) => item.type === "comment" && item.parentCommentID === first,
    );
    expect(replies).toHaveLength(REPLIES_SHOWN);
    expect(page1.body.threadStructure).toContainEqual(
      expect.objectContaining({ type: "hole", reason: "more", parentCommentID: first, countAllComments: 2 }),
    );
    // Three levels show; the fourth is behind 'Continue this thread'.
    const depths = page1.body.threadStructure.flatMap((item) =>
      item.type === "comment" ? [item.depth] : [],
    );
    expect(Math.max(...depths)).toBe(THREAD_DEPTH_SHOWN);
    const hole = page1.body.threadStructure.find((item) => item.type === "hole" && item.reason === "depth");
    expect(hole).toMatchObject({
      depth: THREAD_DEPTH_SHOWN + 1,
      url: expect.stringMatching(/\/discussion\/comment\/\d+$/),
    });

    // The 'more' hole's address loads every reply of that comment.
    const more = page1.body.threadStructure.find((item) => item.type === "hole" && item.reason === "more");
    if (!more || more.type !== "hole") throw new Error("No hole");
    const loaded = await member.client.get<CommentThread>(more.apiUrl);
    expect(
      loaded.body.threadStructure.filter((item) => item.type === "comment" && item.parentCommentID === first),
    ).toHaveLength(REPLIES_SHOWN + 2);

    // Focused on the deepest reply: the whole path down to it is there.
    const focused = await threadOf(
      member.client,
      `discussionID=${busy.discussionID}&limit=2&focusCommentID=${deep}`,
    );
    expect(focused.body.commentsByID[String(deep)]).toMatchObject({ depth: 5 });

    const page2 = await threadOf(member.client, `discussionID=${busy.discussionID}&limit=2&page=2`);
    expect(page2.body.threadStructure.map((item) => item.type === "comment" && item.commentID)).toEqual([
      tops[2],
    ]);
  });

  it("answers bad input with 4xx and hides private threads", async () => {
    expect((await threadOf(member.client, "discussionID=abc")).status).toBe(422);
    expect((await threadOf(member.client, "")).status).toBe(422);
    expect((await threadOf(member.client, `discussionID=${thread.discussionID}&limit=500`)).status).toBe(422);
    expect((await threadOf(member.client, "discussionID=999999")).status).toBe(404);
    const elsewhere = await makeDiscussion(admin.client, general.categoryID, "Another");
    const foreign = await makeComment(admin.client, elsewhere.discussionID);
    expect(
      (await threadOf(member.client, `discussionID=${thread.discussionID}&parentCommentID=${foreign}`))
        .status,
    ).toBe(404);
    const secret = await makePrivateCategory(testApp, admin.client, "Staff");
    const hidden = await makeDiscussion(admin.client, secret.categoryID, "Hidden");
    expect((await threadOf(member.client, `discussionID=${hidden.discussionID}`)).status).toBe(403);
    expect((await threadOf(testApp.guest(), `discussionID=${thread.discussionID}`)).status).toBe(200);
  });

  it("remembers a member's reply display and refuses guests", async () => {
    expect((await member.client.get("/api/v2/comments/reply-display")).body).toEqual({ replyDisplay: null });
    const set = await member.client.put("/api/v2/comments/reply-display", { replyDisplay: "threaded" });
    expect(set.status).toBe(200);
    expect((await member.client.get("/api/v2/comments/reply-display")).body).toEqual({
      replyDisplay: "threaded",
    });
    expect((await other.client.get("/api/v2/comments/reply-display")).body).toEqual({ replyDisplay: null });
    expect(
      (await member.client.put("/api/v2/comments/reply-display", { replyDisplay: "nested" })).status,
    ).toBe(422);
    expect(
      (await testApp.guest().put("/api/v2/comments/reply-display", { replyDisplay: "flat" })).status,
    ).toBe(403);
    await member.client.put("/api/v2/comments/reply-display", { replyDisplay: null });
    expect((await member.client.get("/api/v2/comments/reply-display")).body).toEqual({ replyDisplay: null });
  });
});
