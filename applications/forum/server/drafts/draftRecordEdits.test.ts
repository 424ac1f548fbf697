import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { Draft } from "@forum/api/drafts";
import { roleIDByName } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  makePrivateCategory,
  rich2,
  type SignedIn,
} from "../testing/forumTesting";
import { PUBLISH_SCHEDULED_DRAFT } from "./draftPublishJob";

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe.each(testDialects)("scheduled edits of existing posts on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let author: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let general: Category;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    author = await forumClient(testApp);
    other = await forumClient(testApp);
    moderator = await forumClient(testApp, { role: "Moderator" });
    general = await makeCategory(admin.client, { name: "General" });
    // Members of this site may schedule posts (the administrator grants schedule.allow to the role).
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    const granted = await admin.client.patch(`/api/v2/roles/${memberRoleID}/permissions`, [
      { type: "global", id: null, permissions: { "schedule.allow": true } },
    ]);
    expect(granted.status).toBe(200);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const editDraft = (discussion: Discussion, name: string, extra: Record<string, unknown> = {}) => ({
    recordType: "discussion",
    recordID: discussion.discussionID,
    parentRecordType: "category",
    parentRecordID: discussion.categoryID,
    attributes: {
      body: rich2(`Reworded: ${name}`),
      format: "rich2",
      draftMeta: { name, categoryID: discussion.categoryID, postTypeID: "discussion" },
    },
    ...extra,
  });
  const scheduled = { draftStatus: "scheduled", dateScheduled: inMinutes(20) };

  /** The publishing jobs become due and run, as the worker of a server process runs them. */
  async function runDueJobs(): Promise<void> {
    await testApp.context.db
      .updateTable("jobs")
      .set({ runAt: new Date(Date.now() - 1000).toISOString() })
      .where("name", "=", PUBLISH_SCHEDULED_DRAFT)
      .where("status", "=", "pending")
      .execute();
    await testApp.context.jobs.drain();
  }

  const edits = async (discussionID: number) =>
    testApp.context.db
      .selectFrom("changeLog")
      .select("operation")
      .where("recordType", "=", "discussion")
      .where("recordID", "=", discussionID)
      .where("operation", "=", "edit")
      .execute();

  it("applies a member's scheduled edit of their own discussion once, when it is due", async () => {
    const discussion = await makeDiscussion(author.client, general.categoryID, "First wording");
    const created = await author.client.post<Draft>(
      "/api/v2/drafts",
      editDraft(discussion, "Second wording", scheduled),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ recordID: discussion.discussionID, draftStatus: "scheduled" });

    // Not due yet: the discussion reads as before.
    await testApp.context.jobs.drain();
    const before = await author.client.get<Discussion>(`/api/v2/discussions/${discussion.discussionID}`);
    expect(before.body.name).toBe("First wording");

    // Due: a second copy of the job (another process enqueued it too) finds the draft gone.
    await testApp.context.jobs.enqueue(testApp.context.db, PUBLISH_SCHEDULED_DRAFT, {
      draftID: created.body.draftID,
      dateScheduled: new Date(created.body.dateScheduled ?? "").toISOString(),
    });
    await runDueJobs();
    const after = await other.client.get<Discussion>(`/api/v2/discussions/${discussion.discussionID}`);
    expect(after.body.name).toBe("Second wording");
    expect(after.body.body).toContain("Reworded: Second wording");
    expect(after.body.insertUserID).toBe(author.user.userID);
    expect(await edits(discussion.discussionID)).toHaveLength(1);
    const copies = await testApp.context.db
      .selectFrom("discussions")
      .select("discussionID")
      .where("name", "=", "Second wording")
      .execute();
    expect(copies).toEqual([{ discussionID: discussion.discussionID }]);
    expect((await author.client.get(`/api/v2/drafts/${created.body.draftID}`)).status).toBe(404);
  });

  it("keeps edit drafts of a post only for those who may edit it", async () => {
    const discussion = await makeDiscussion(author.client, general.categoryID, "Not yours");
    const count = async () =>
      (
        await testApp.context.db
          .selectFrom("drafts")
          .select("draftID")
          .where("recordID", "=", discussion.discussionID)
          .execute()
      ).length;

    expect((await other.client.post("/api/v2/drafts", editDraft(discussion, "Taken over"))).status).toBe(403);
    expect(
      (await other.client.post("/api/v2/drafts", editDraft(discussion, "Taken over", scheduled))).status,
    ).toBe(403);
    // A plain draft of the member's own cannot be pointed at it either, and stays as it was.
    const own = await other.client.post<Draft>("/api/v2/drafts", {
      ...editDraft(discussion, "Mine"),
      recordID: null,
    });
    expect(own.status).toBe(201);
    const repointed = await other.client.patch(`/api/v2/drafts/${own.body.draftID}`, {
      recordID: discussion.discussionID,
    });
    expect(repointed.status).toBe(403);
    expect((await other.client.get<Draft>(`/api/v2/drafts/${own.body.draftID}`)).body.recordID).toBeNull();
    expect(await count()).toBe(0);

    // Unknown posts are 404; a discussion the member cannot see is refused as well.
    const missing = await author.client.post("/api/v2/drafts", {
      ...editDraft(discussion, "Nowhere"),
      recordID: 99_999_999,
    });
    expect(missing.status).toBe(404);
    const backOffice = await makePrivateCategory(testApp, admin.client, "Back Office");
    const staffOnly = await makeDiscussion(admin.client, backOffice.categoryID, "Staff only");
    expect([403, 404]).toContain(
      (await other.client.post("/api/v2/drafts", editDraft(staffOnly, "Peeking"))).status,
    );

    // Those who may edit it: its author and a moderator (discussions.edit).
    expect((await author.client.post("/api/v2/drafts", editDraft(discussion, "Author's"))).status).toBe(201);
    expect((await moderator.client.post("/api/v2/drafts", editDraft(discussion, "Moderator's"))).status).toBe(
      201,
    );
    expect(await count()).toBe(2);

    // The same rule for comments.
    const commentID = await makeComment(author.client, discussion.discussionID, "My comment");
    const commentEdit = {
      recordType: "comment",
      recordID: commentID,
      parentRecordType: "discussion",
      parentRecordID: discussion.discussionID,
      attributes: { body: rich2("Changed"), format: "rich2" },
    };
    expect((await other.client.post("/api/v2/drafts", commentEdit)).status).toBe(403);
    expect((await author.client.post("/api/v2/drafts", commentEdit)).status).toBe(201);
  });

  it("ends a scheduled edit that can no longer be applied in error, with the reason, and leaves the post", async () => {
    const discussion = await makeDiscussion(author.client, general.categoryID, "Soon closed");
    const created = await author.client.post<Draft>(
      "/api/v2/drafts",
      editDraft(discussion, "Too late", scheduled),
    );
    expect(created.status).toBe(201);
    // A moderator closes the discussion before the time: its author may no longer edit it.
    const closed = await moderator.client.patch(`/api/v2/discussions/${discussion.discussionID}`, {
      closed: true,
    });
    expect(closed.status).toBe(200);
    await runDueJobs();

    const failed = await author.client.get<Draft>(`/api/v2/drafts/${created.body.draftID}`);
    expect(failed.body).toMatchObject({
      draftStatus: "error",
      failedReason: "Editing discussions is not allowed.",
    });
    const listed = await author.client.get<Draft[]>("/api/v2/drafts?draftStatus=error");
    expect(listed.body.map((draft) => draft.draftID)).toContain(created.body.draftID);
    const unchanged = await author.client.get<Discussion>(`/api/v2/discussions/${discussion.discussionID}`);
    expect(unchanged.body.name).toBe("Soon closed");
    expect(await edits(discussion.discussionID)).toHaveLength(0);
  });
});
