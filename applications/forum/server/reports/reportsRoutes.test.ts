import { serverApplications } from "@applications/serverApplications";
import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { ModerationItem } from "@forum/api/moderationQueue";
import type { Report, ReportMeta } from "@forum/api/reports";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { sql } from "kysely";
import {
  countMismatches,
  forumCast,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";
import { CANNOT_REPORT_OWN_POST } from "./reportCommands";

type Reported<T> = T & { reportMeta?: ReportMeta };

async function reportRows(testApp: TestApp): Promise<number> {
  const result = await sql<{ count: number | string }>`select count(*) as "count" from "reports"`.execute(
    testApp.context.db,
  );
  return Number(result.rows[0]?.count ?? 0);
}

describe.each(testDialects)("reports on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let general: Category;
  let thread: Discussion;
  let commentID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, member, other, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    thread = await makeDiscussion(other.client, general.categoryID, "Heated thread");
    commentID = await makeComment(other.client, thread.discussionID, "Something rude");
  });
  afterAll(() => testApp.close());

  it("files a member's report once: reporting again updates it, and moderators are told", async () => {
    const first = await member.client.post<Report>("/api/v2/reports", {
      recordType: "comment",
      recordID: commentID,
      reason: "abuse",
      note: "Calls people names",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ recordType: "comment", recordID: commentID, reason: "abuse" });
    const second = await member.client.post<Report>("/api/v2/reports", {
      recordType: "comment",
      recordID: commentID,
      reason: "spam",
      note: "Actually it is an advert",
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ reportID: first.body.reportID, reason: "spam" });
    expect(second.body.dateUpdated).not.toBeNull();
    expect(await reportRows(testApp)).toBe(1);

    const items = await moderator.client.get<ModerationItem[]>(
      `/api/v2/moderation/items?statuses=none&recordType=comment&recordID=${commentID}`,
    );
    expect(items.body).toHaveLength(1);
    expect(items.body[0]).toMatchObject({
      itemType: "report",
      countReports: 1,
      reasons: [{ reason: "spam", count: 1 }],
      reports: [{ note: "Actually it is an advert", insertUser: { userID: member.user.userID } }],
    });
    const notifications =
      await moderator.client.get<{ body: string; url: string }[]>("/api/v2/notifications");
    expect(notifications.body).toContainEqual(
      expect.objectContaining({ body: "<b>1</b> post is waiting in the moderation queue." }),
    );
  });

  it("shows reportMeta to moderators only", async () => {
    await admin.client.post("/api/v2/reports", {
      recordType: "comment",
      recordID: commentID,
      reason: "other",
    });
    const asModerator = await moderator.client.get<Reported<Comment>>(
      `/api/v2/comments/${commentID}?expand=reportMeta`,
    );
    expect(asModerator.body.reportMeta).toMatchObject({
      countReports: 2,
      countReportUsers: 2,
      reportReasonIDs: expect.arrayContaining(["spam", "other"]),
    });
    const list = await moderator.client.get<Reported<Comment>[]>(
      `/api/v2/comments?discussionID=${thread.discussionID}&expand=reportMeta`,
    );
    expect(list.body.find((comment) => comment.commentID === commentID)?.reportMeta?.countReports).toBe(2);
    const asMember = await member.client.get<Comment>(`/api/v2/comments/${commentID}?expand=reportMeta`);
    expect(asMember.body).not.toHaveProperty("reportMeta");
    const discussion = await moderator.client.get<Reported<Discussion>>(
      `/api/v2/discussions/${thread.discussionID}?expand=reportMeta`,
    );
    expect(discussion.body.reportMeta?.countReports).toBe(0);
  });

  it("refuses own posts, unknown posts, bad input and guests without writing", async () => {
    const before = await reportRows(testApp);
    const own = await other.client.post("/api/v2/reports", {
      recordType: "comment",
      recordID: commentID,
      reason: "spam",
    });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ message: CANNOT_REPORT_OWN_POST });
    const cases: [unknown, number[]][] = [
      [{ recordType: "comment", recordID: 99999999, reason: "spam" }, [404]],
      [{ recordType: "comment", recordID: commentID, reason: "because" }, [400, 422]],
      [{ recordType: "user", recordID: 1, reason: "spam" }, [400, 422]],
      [{ recordType: "comment", recordID: commentID, reason: "spam", note: "x".repeat(501) }, [400, 422]],
      [{ recordID: commentID }, [400, 422]],
    ];
    for (const [body, statuses] of cases)
      expect(statuses).toContain((await member.client.post("/api/v2/reports", body)).status);
    const guest = await testApp
      .guest()
      .post("/api/v2/reports", { recordType: "comment", recordID: commentID, reason: "spam" });
    expect([401, 403]).toContain(guest.status);
    expect(await reportRows(testApp)).toBe(before);
  });

  it("a moderator deletes a reported comment from the queue, restores it and bans its author", async () => {
    const [item] = (
      await moderator.client.get<ModerationItem[]>(
        `/api/v2/moderation/items?recordType=comment&recordID=${commentID}`,
      )
    ).body;
    const deleted = await moderator.client.post<ModerationItem>(
      `/api/v2/moderation/items/${item?.itemID}/delete`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.status).toBe("deleted");
    expect([404, 410]).toContain((await member.client.get(`/api/v2/comments/${commentID}`)).status);
    expect(await countMismatches(testApp.context)).toEqual([]);
    // Closed reports no longer count.
    const log = await moderator.client.get<{ logID: number; recordID: number }[]>(
      `/api/v2/log?recordType=comment&parentRecordID=${thread.discussionID}&operation=delete`,
    );
    const entry = log.body.find((row) => row.recordID === commentID);
    expect((await moderator.client.post(`/api/v2/log/${entry?.logID}/restore`)).status).toBe(204);
    const restored = await moderator.client.get<Reported<Comment>>(
      `/api/v2/comments/${commentID}?expand=reportMeta`,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.reportMeta?.countReports).toBe(0);

    const ban = await moderator.client.put(`/api/v2/users/${other.user.userID}/ban`, {
      banned: true,
      days: 7,
      reason: "Rude comments",
    });
    expect(ban.status).toBe(200);
    expect(ban.body).toMatchObject({ banned: true, reason: "Rude comments" });

    // Reporting the same post again opens a new item; the member's report moves to it.
    const again = await member.client.post<Report>("/api/v2/reports", {
      recordType: "comment",
      recordID: commentID,
      reason: "abuse",
    });
    expect(again.status).toBe(200);
    const open = await moderator.client.get<ModerationItem[]>(
      `/api/v2/moderation/items?statuses=none&recordType=comment&recordID=${commentID}`,
    );
    expect(open.body).toHaveLength(1);
    expect(open.body[0]?.itemID).not.toBe(item?.itemID);
    expect(open.body[0]?.countReports).toBe(1);
  });
});
