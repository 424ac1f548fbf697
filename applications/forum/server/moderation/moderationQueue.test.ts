import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { HeldPostResponse, ModerationBulkResult, ModerationItem } from "@forum/api/moderationQueue";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { sql } from "kysely";
import { serverApplications } from "@applications/serverApplications";
import { createTestApp } from "@library/server/testing/testApp";
import {
  countMismatches,
  forumCast,
  forumClient,
  forumRowCount,
  makeCategory,
  makeComment,
  makeDiscussion,
  rich2,
  type SignedIn,
} from "../testing/forumTesting";
import { HELD_POST_MESSAGE } from "@forum/api/moderationQueue";

async function jobsNamed(testApp: TestApp, name: string, payloadKey: string, id: number): Promise<number> {
  const result = await sql<{ count: number | string }>`select count(*) as "count" from "jobs"
    where "name" = ${name} and "payload" like ${`%"${payloadKey}":${id}}%`}`.execute(testApp.context.db);
  return Number(result.rows[0]?.count ?? 0);
}

describe.each(testDialects)("moderation queue on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let open: Category;
  let premoderated: Category;
  let thread: Discussion;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { spamScore: true });
    ({ admin, member, other, moderator } = await forumCast(testApp));
    open = await makeCategory(admin.client, { name: "Open" });
    premoderated = await makeCategory(admin.client, { name: "Checked", preModeration: true });
    thread = await makeDiscussion(other.client, open.categoryID, "Open thread");
  });
  afterAll(() => testApp.close());

  const queue = async (query = "") =>
    (await moderator.client.get<ModerationItem[]>(`/api/v2/moderation/items${query}`)).body;
  const itemOf = async (recordType: string, recordID: number) =>
    (await queue(`?statuses=all&recordType=${recordType}&recordID=${recordID}`))[0];

  it("posts after the settings have gone stale: their refresh never waits inside the posting transaction", async () => {
    // Settings are re-read after a second; on SQLite's single connection a re-read inside the transaction would
    // wait for the transaction itself and the post would never be answered.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const discussion = await other.client.post<Discussion>("/api/v2/discussions", {
      name: "After a pause",
      body: rich2("A discussion posted once the settings are stale"),
      format: "rich2",
      categoryID: open.categoryID,
    });
    expect(discussion.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const comment = await other.client.post("/api/v2/comments", {
      discussionID: discussion.body.discussionID,
      body: rich2("A comment posted once the settings are stale"),
      format: "rich2",
    });
    expect(comment.status).toBe(201);
  });

  it("holds a post in a pre-moderated category: 202, seen by its author and moderators only, counted nowhere", async () => {
    const before = await admin.client.get<Category>(`/api/v2/categories/${premoderated.categoryID}`);
    const authorBefore = await admin.client.get<{ countDiscussions: number }>(
      `/api/v2/users/${member.user.userID}`,
    );
    const posted = await member.client.post<HeldPostResponse>("/api/v2/discussions", {
      name: "Waiting thread",
      body: rich2("Words that wait for a moderator"),
      format: "rich2",
      categoryID: premoderated.categoryID,
    });
    expect(posted.status).toBe(202);
    expect(posted.body).toMatchObject({ message: HELD_POST_MESSAGE, status: 202, recordType: "discussion" });
    const discussionID = posted.body.recordID;

    expect((await other.client.get(`/api/v2/discussions/${discussionID}`)).status).toBe(404);
    const list = await other.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${premoderated.categoryID}`,
    );
    expect(list.body.map((row) => row.discussionID)).not.toContain(discussionID);
    const after = await admin.client.get<Category>(`/api/v2/categories/${premoderated.categoryID}`);
    expect(after.body.countDiscussions).toBe(before.body.countDiscussions);
    const authorAfter = await admin.client.get<{ countDiscussions: number }>(
      `/api/v2/users/${member.user.userID}`,
    );
    expect(authorAfter.body.countDiscussions).toBe(authorBefore.body.countDiscussions);
    expect(await countMismatches(testApp.context)).toEqual([]);

    expect(posted.body.url).toMatch(/\/awaiting-approval#discussion-\d+$/);
    const page = await member.client.get("/awaiting-approval");
    expect(page.text).toContain("Waiting thread");
    expect(page.text).toContain("Awaiting approval");
    expect((await other.client.get("/awaiting-approval")).text).not.toContain("Waiting thread");

    const item = await itemOf("discussion", discussionID);
    expect(item).toMatchObject({
      itemType: "premoderation",
      status: "pending",
      holdReasons: ["category"],
      recordName: "Waiting thread",
      recordUser: { userID: member.user.userID },
      url: null,
    });

    // A member can neither read the queue nor act on it; their refused write changes nothing.
    expect((await member.client.get("/api/v2/moderation/items")).status).toBe(403);
    expect((await member.client.get("/api/v2/moderation/counts")).status).toBe(403);
    expect((await member.client.post(`/api/v2/moderation/items/${item?.itemID}/approve`)).status).toBe(403);
    expect((await testApp.guest().post(`/api/v2/moderation/items/${item?.itemID}/approve`)).status).toBe(403);
    expect((await other.client.get(`/api/v2/discussions/${discussionID}`)).status).toBe(404);
    expect((await itemOf("discussion", discussionID))?.status).toBe("pending");

    const approved = await moderator.client.post<ModerationItem>(
      `/api/v2/moderation/items/${item?.itemID}/approve`,
    );
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: "approved",
      actionUser: { userID: moderator.user.userID },
    });
    expect((await other.client.get<Discussion>(`/api/v2/discussions/${discussionID}`)).body.name).toBe(
      "Waiting thread",
    );
    expect(
      (await admin.client.get<Category>(`/api/v2/categories/${premoderated.categoryID}`)).body
        .countDiscussions,
    ).toBe(before.body.countDiscussions + 1);
    expect(await countMismatches(testApp.context)).toEqual([]);
    expect(await jobsNamed(testApp, "forum.notifyDiscussionCreated", "discussionID", discussionID)).toBe(1);
    expect((await moderator.client.post(`/api/v2/moderation/items/${item?.itemID}/approve`)).status).toBe(
      409,
    );

    const audit =
      await admin.client.get<{ eventType: string; recordID: number | null }[]>("/api/v2/audit-logs");
    expect(audit.body).toContainEqual(
      expect.objectContaining({ eventType: "moderation.items.approve", recordID: item?.itemID }),
    );
  });

  it("moderators post in a pre-moderated category without being held", async () => {
    const posted = await makeDiscussion(moderator.client, premoderated.categoryID, "Staff notice");
    expect(posted.discussionID).toBeGreaterThan(0);
  });

  it("holds a new member's first posts when the setting asks, and approves once under concurrent approvals", async () => {
    const newcomer = await forumClient(testApp);
    expect((await admin.client.patch("/api/v2/config", { "moderation.newMemberPostsHeld": 1 })).status).toBe(
      204,
    );
    try {
      const held = await newcomer.client.post<HeldPostResponse>("/api/v2/comments", {
        discussionID: thread.discussionID,
        body: rich2("My very first words here"),
        format: "rich2",
      });
      expect(held.status).toBe(202);
      const commentID = held.body.recordID;
      const comments = await other.client.get<Comment[]>(
        `/api/v2/comments?discussionID=${thread.discussionID}`,
      );
      expect(comments.body.map((comment) => comment.commentID)).not.toContain(commentID);
      expect(
        (await other.client.get<Discussion>(`/api/v2/discussions/${thread.discussionID}`)).body.countComments,
      ).toBe(0);
      const item = await itemOf("comment", commentID);
      expect(item).toMatchObject({ itemType: "premoderation", holdReasons: ["newMember"] });
      // Invisible to the author's readers' notifications too: nothing was queued for it.
      expect(await jobsNamed(testApp, "forum.notifyCommentCreated", "commentID", commentID)).toBe(0);

      const [first, second] = await Promise.all([
        moderator.client.post(`/api/v2/moderation/items/${item?.itemID}/approve`),
        admin.client.post(`/api/v2/moderation/items/${item?.itemID}/approve`),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      expect(await jobsNamed(testApp, "forum.notifyCommentCreated", "commentID", commentID)).toBe(1);
      expect(
        (await other.client.get<Discussion>(`/api/v2/discussions/${thread.discussionID}`)).body.countComments,
      ).toBe(1);
      expect(await countMismatches(testApp.context)).toEqual([]);

      // The approved post counts: the member's next post is not held.
      expect(await makeComment(newcomer.client, thread.discussionID, "Second words")).toBeGreaterThan(
        commentID,
      );
    } finally {
      await admin.client.patch("/api/v2/config", { "moderation.newMemberPostsHeld": 0 });
    }
  });

  it("holds a post over the spam score; reject keeps it hidden, delete logs it and a restore publishes it", async () => {
    const spammer = await forumClient(testApp);
    const links = Array.from({ length: 5 }, (_, i) => `https://spam.example/${i}`).join(" ");
    const spam = await spammer.client.post<HeldPostResponse>("/api/v2/comments", {
      discussionID: thread.discussionID,
      body: `Cheap pills ${links}`,
      format: "markdown",
    });
    expect(spam.status).toBe(202);
    const spamItem = await itemOf("comment", spam.body.recordID);
    expect(spamItem).toMatchObject({ itemType: "spam", holdReasons: ["spam"] });
    expect(spamItem?.spamScore).toBeGreaterThan(10);

    const rejected = await moderator.client.post<ModerationItem>(
      `/api/v2/moderation/items/${spamItem?.itemID}/reject`,
    );
    expect(rejected.body.status).toBe("rejected");
    expect((await other.client.get(`/api/v2/comments/${spam.body.recordID}`)).status).toBe(404);
    expect((await spammer.client.get("/awaiting-approval")).text).toContain("Not approved");

    const again = await spammer.client.post<HeldPostResponse>("/api/v2/comments", {
      discussionID: thread.discussionID,
      body: `Cheap pills ${links}`,
      format: "markdown",
    });
    const againItem = await itemOf("comment", again.body.recordID);
    expect(againItem?.spamScore ?? 0).toBeGreaterThan(spamItem?.spamScore ?? 0);
    const deleted = await moderator.client.post<ModerationItem>(
      `/api/v2/moderation/items/${againItem?.itemID}/delete`,
    );
    expect(deleted.body.status).toBe("deleted");
    const log = await moderator.client.get<{ logID: number; recordID: number }[]>(
      `/api/v2/log?recordType=comment&parentRecordID=${thread.discussionID}&operation=delete`,
    );
    const entry = log.body.find((row) => row.recordID === again.body.recordID);
    expect(entry).toBeDefined();
    expect((await moderator.client.post(`/api/v2/log/${entry?.logID}/restore`)).status).toBe(204);
    expect((await other.client.get(`/api/v2/comments/${again.body.recordID}`)).status).toBe(200);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });

  it("bulk approves with per-item results, escalates, and refuses bad input without writing", async () => {
    const ids: number[] = [];
    for (const name of ["Bulk one", "Bulk two"]) {
      const posted = await member.client.post<HeldPostResponse>("/api/v2/discussions", {
        name,
        body: rich2(`Text of ${name}`),
        format: "rich2",
        categoryID: premoderated.categoryID,
      });
      ids.push((await itemOf("discussion", posted.body.recordID))?.itemID ?? 0);
    }
    const escalated = await moderator.client.post<ModerationItem>(
      `/api/v2/moderation/items/${ids[1]}/escalate`,
    );
    expect(escalated.body.status).toBe("escalated");
    expect(
      (await moderator.client.get<ModerationItem[]>("/api/v2/moderation/items?statuses=escalated")).body.map(
        (item) => item.itemID,
      ),
    ).toEqual([ids[1]]);

    const live = await forumRowCount(testApp.context, "discussions");
    for (const body of [
      { itemIDs: [], action: "approve" },
      { itemIDs: ids, action: "ban" },
      { itemIDs: "x" },
    ]) {
      const response = await moderator.client.post("/api/v2/moderation/items/bulk", body);
      expect([400, 422]).toContain(response.status);
    }
    expect(
      (await member.client.post("/api/v2/moderation/items/bulk", { itemIDs: ids, action: "approve" })).status,
    ).toBe(403);
    expect(await forumRowCount(testApp.context, "discussions")).toBe(live);

    const result = await moderator.client.post<ModerationBulkResult>("/api/v2/moderation/items/bulk", {
      itemIDs: [...ids, 999999],
      action: "approve",
    });
    expect(result.status).toBe(200);
    expect(result.body.successIDs).toEqual(ids);
    expect(result.body.failedIDs).toEqual([999999]);
    expect(result.body.exceptionsByID["999999"]?.code).toBe(404);
    expect(await forumRowCount(testApp.context, "discussions")).toBe(live + 2);
    const audit = await admin.client.get<{ eventType: string; recordID: number | null }[]>(
      "/api/v2/audit-logs?limit=100",
    );
    for (const itemID of ids)
      expect(audit.body).toContainEqual(
        expect.objectContaining({ eventType: "moderation.items.approve", recordID: itemID }),
      );
    expect(await countMismatches(testApp.context)).toEqual([]);
  });
});
