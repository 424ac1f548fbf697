import type { Category } from "@forum/api/categories";
import type { ChangeLogEntry } from "@forum/api/changeLog";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import {
  countMismatches,
  createForumTestApp,
  forumCast,
  forumRowCount,
  makeCategory,
  makeComment,
  makeDiscussion,
  rich2,
} from "../testing/forumTesting";

describe.each(testDialects)("soft delete, change log and restore on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };
  let other: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };
  let general: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member, other, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const listIDs = async (client: TestClient, path: string, key: "discussionID" | "commentID") =>
    (await client.get<Array<Record<typeof key, number>>>(path)).body.map((row) => row[key]);

  it("never reuses a deleted discussion's ID, hides it everywhere and restores it with its comments", async () => {
    const doomed = await makeDiscussion(member.client, general.categoryID, "Doomed thread");
    const reply = await makeComment(other.client, doomed.discussionID);
    await member.client.put(`/api/v2/discussions/${doomed.discussionID}/bookmark`, { bookmarked: true });
    expect((await moderator.client.delete(`/api/v2/discussions/${doomed.discussionID}`)).status).toBe(204);

    const next = await makeDiscussion(member.client, general.categoryID, "After the deletion");
    expect(next.discussionID).toBeGreaterThan(doomed.discussionID);
    expect((await member.client.get(`/api/v2/discussions/${doomed.discussionID}`)).status).toBe(410);
    expect((await member.client.get(`/api/v2/comments/${reply}`)).status).toBe(410);
    expect(await listIDs(member.client, "/api/v2/discussions?limit=100", "discussionID")).not.toContain(
      doomed.discussionID,
    );
    expect(
      await listIDs(member.client, `/api/v2/comments?insertUserID=${other.user.userID}`, "commentID"),
    ).not.toContain(reply);
    expect(await listIDs(member.client, "/api/v2/discussions/bookmarked", "discussionID")).not.toContain(
      doomed.discussionID,
    );
    expect(await countMismatches(testApp.context)).toEqual([]);

    const log = await moderator.client.get<ChangeLogEntry[]>(
      `/api/v2/log?recordType=discussion&recordID=${doomed.discussionID}`,
    );
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({
      operation: "delete",
      recordType: "discussion",
      recordID: doomed.discussionID,
      recordName: "Doomed thread",
      insertUser: { userID: moderator.user.userID },
      recordUser: { userID: member.user.userID },
      restorable: true,
    });
    const logID = log.body[0]?.logID ?? 0;

    const liveBefore = await forumRowCount(testApp.context, "discussions");
    expect((await member.client.post(`/api/v2/log/${logID}/restore`, {})).status).toBe(403);
    expect(
      (await member.client.get(`/api/v2/log?recordType=discussion&recordID=${doomed.discussionID}`)).status,
    ).toBe(403);
    expect(await forumRowCount(testApp.context, "discussions")).toBe(liveBefore);

    expect((await moderator.client.post(`/api/v2/log/${logID}/restore`, {})).status).toBe(204);
    const restored = await member.client.get<Discussion>(`/api/v2/discussions/${doomed.discussionID}`);
    expect(restored.body).toMatchObject({ name: "Doomed thread", countComments: 1 });
    expect((await member.client.get<Comment>(`/api/v2/comments/${reply}`)).status).toBe(200);
    expect(await listIDs(member.client, "/api/v2/discussions/bookmarked", "discussionID")).toContain(
      doomed.discussionID,
    );
    expect(await countMismatches(testApp.context)).toEqual([]);

    const again = await moderator.client.post<{ message: string }>(`/api/v2/log/${logID}/restore`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This has already been restored.");
    const after = await moderator.client.get<ChangeLogEntry[]>(
      `/api/v2/log?recordType=discussion&recordID=${doomed.discussionID}`,
    );
    expect(after.body[0]).toMatchObject({
      restorable: false,
      restoreUser: { userID: moderator.user.userID },
    });
  });

  it("lists a discussion's deleted comments and restores one, never reusing its ID", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Thread with replies");
    const first = await makeComment(other.client, thread.discussionID);
    const last = await makeComment(other.client, thread.discussionID);
    expect((await moderator.client.delete(`/api/v2/comments/${last}`)).status).toBe(204);
    const newer = await makeComment(member.client, thread.discussionID);
    expect(newer).toBeGreaterThan(last);
    expect(
      await listIDs(member.client, `/api/v2/comments?discussionID=${thread.discussionID}`, "commentID"),
    ).toEqual([first, newer]);

    const deleted = await moderator.client.get<ChangeLogEntry[]>(
      `/api/v2/log?parentRecordID=${thread.discussionID}&recordType=comment&operation=delete`,
    );
    expect(deleted.body.map((entry) => entry.recordID)).toEqual([last]);
    expect(deleted.body[0]).toMatchObject({
      parentRecordID: thread.discussionID,
      recordName: "Thread with replies",
    });
    expect(deleted.body[0]?.before.bodyHtml).toContain("A comment");

    // While its discussion is deleted, the comment cannot come back on its own.
    expect((await moderator.client.delete(`/api/v2/discussions/${thread.discussionID}`)).status).toBe(204);
    const refused = await moderator.client.post<{ message: string }>(
      `/api/v2/log/${deleted.body[0]?.logID}/restore`,
      {},
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Restore the discussion of this comment first.");
    const [discussionEntry] = (
      await moderator.client.get<ChangeLogEntry[]>(
        `/api/v2/log?recordType=discussion&recordID=${thread.discussionID}&operation=delete`,
      )
    ).body;
    expect((await moderator.client.post(`/api/v2/log/${discussionEntry?.logID}/restore`, {})).status).toBe(
      204,
    );
    // The discussion comes back with the comments deleted with it, not the one deleted before.
    expect(
      (await member.client.get<Discussion>(`/api/v2/discussions/${thread.discussionID}`)).body.countComments,
    ).toBe(2);
    expect((await moderator.client.post(`/api/v2/log/${deleted.body[0]?.logID}/restore`, {})).status).toBe(
      204,
    );
    expect(
      await listIDs(member.client, `/api/v2/comments?discussionID=${thread.discussionID}`, "commentID"),
    ).toEqual([first, last, newer]);
    expect(
      (await member.client.get<Discussion>(`/api/v2/discussions/${thread.discussionID}`)).body.countComments,
    ).toBe(3);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });

  it("keeps every edit as a revision with before, after and author, and restores a revision", async () => {
    const post = await makeDiscussion(member.client, general.categoryID, "First title");
    await member.client.patch(`/api/v2/discussions/${post.discussionID}`, { name: "Second title" });
    await moderator.client.patch(`/api/v2/discussions/${post.discussionID}`, {
      body: rich2("Third body"),
      format: "rich2",
    });
    await moderator.client.patch(`/api/v2/discussions/${post.discussionID}`, { closed: true });
    const history = await moderator.client.get<ChangeLogEntry[]>(
      `/api/v2/log?recordType=discussion&recordID=${post.discussionID}`,
    );
    expect(history.body.map((entry) => [entry.operation, entry.insertUser.userID])).toEqual([
      ["edit", moderator.user.userID],
      ["edit", member.user.userID],
    ]);
    const [bodyEdit, titleEdit] = history.body;
    expect(titleEdit?.before.name).toBe("First title");
    expect(titleEdit?.after?.name).toBe("Second title");
    expect(bodyEdit?.before.bodyHtml).not.toContain("Third body");
    expect(bodyEdit?.after?.bodyHtml).toContain("Third body");

    expect((await moderator.client.post(`/api/v2/log/${titleEdit?.logID}/restore`, {})).status).toBe(204);
    const restored = await member.client.get<Discussion>(`/api/v2/discussions/${post.discussionID}`);
    expect(restored.body.name).toBe("First title");
    expect(restored.body.body).not.toContain("Third body");
    const longer = await moderator.client.get<ChangeLogEntry[]>(
      `/api/v2/log?recordType=discussion&recordID=${post.discussionID}&operation=edit`,
    );
    expect(longer.body).toHaveLength(3);
    expect(longer.body[0]?.before.name).toBe("Second title");
  });

  it("takes a deleted comment's and discussion's notifications out of the members' lists", async () => {
    const notificationsOf = async (userID: number) =>
      testApp.context.db
        .selectFrom("notifications")
        .select(["recordType", "recordID"])
        .where("userID", "=", userID)
        .execute();
    const thread = await makeDiscussion(member.client, general.categoryID, "Notified thread");
    const kept = await makeComment(other.client, thread.discussionID);
    const removed = await makeComment(other.client, thread.discussionID);
    await testApp.context.jobs.drain();
    expect((await notificationsOf(member.user.userID)).map((row) => row.recordID)).toEqual(
      expect.arrayContaining([kept, removed]),
    );
    expect((await moderator.client.delete(`/api/v2/comments/${removed}`)).status).toBe(204);
    const afterComment = (await notificationsOf(member.user.userID)).map((row) => row.recordID);
    expect(afterComment).toContain(kept);
    expect(afterComment).not.toContain(removed);
    expect((await moderator.client.delete(`/api/v2/discussions/${thread.discussionID}`)).status).toBe(204);
    expect((await notificationsOf(member.user.userID)).map((row) => row.recordID)).not.toContain(kept);
  });

  it("refuses bad queries and unknown entries", async () => {
    expect((await moderator.client.get("/api/v2/log?recordType=discussion")).status).toBe(422);
    expect((await moderator.client.get("/api/v2/log?recordType=poll&recordID=1")).status).toBe(422);
    expect((await moderator.client.get("/api/v2/log?recordType=discussion&recordID=999999")).status).toBe(
      404,
    );
    expect((await moderator.client.post("/api/v2/log/999999/restore", {})).status).toBe(404);
    expect((await moderator.client.post("/api/v2/log/abc/restore", {})).status).toBe(422);
  });
});
