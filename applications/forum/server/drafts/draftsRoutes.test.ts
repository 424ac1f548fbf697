import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { Draft, DraftEdit } from "@forum/api/drafts";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { getMeCount } from "@library/server/users/meCounts";
import { applyUserContentHandlers } from "@library/server/users/userContentHandlers";
import {
  createForumTestApp,
  forumClient,
  makeCategory,
  makeDiscussion,
  rich2,
  type SignedIn,
} from "../testing/forumTesting";
import { PUBLISH_SCHEDULED_DRAFT } from "./draftPublishJob";
import { answerWithin } from "@library/server/testing/cacheRereads";

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe.each(testDialects)("drafts on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let general: Category;
  let discussion: Discussion;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    other = await forumClient(testApp);
    moderator = await forumClient(testApp, { role: "Moderator" });
    general = await makeCategory(admin.client, { name: "General" });
    discussion = await makeDiscussion(admin.client, general.categoryID, "Talk");
  });
  afterAll(async () => {
    await testApp.close();
  });

  const draftCount = async () =>
    Number(
      (
        await testApp.context.db
          .selectFrom("drafts")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const commentDraft = (text: string, extra: Record<string, unknown> = {}) => ({
    recordType: "comment",
    parentRecordType: "discussion",
    parentRecordID: discussion.discussionID,
    attributes: {
      body: rich2(text),
      format: "rich2",
      lastSaved: new Date().toISOString(),
      draftMeta: { commentPath: `/discussion/${discussion.discussionID}`, format: "rich2" },
      ...extra,
    },
  });
  const discussionDraft = (name: string) => ({
    recordType: "discussion",
    parentRecordType: "category",
    parentRecordID: general.categoryID,
    attributes: {
      body: rich2(`Body of ${name}`),
      format: "rich2",
      draftMeta: { name, categoryID: general.categoryID, postTypeID: "discussion", pinLocation: "none" },
    },
  });

  it("creates, reads for editing, updates, lists with paging headers and deletes a member's draft", async () => {
    const created = await member.client.post<Draft>("/api/v2/drafts", commentDraft("Half a thought"));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      recordType: "comment",
      recordID: null,
      parentRecordType: "discussion",
      parentRecordID: discussion.discussionID,
      draftStatus: "draft",
      dateScheduled: null,
      insertUserID: member.user.userID,
    });
    const { draftID } = created.body;
    const edit = await member.client.get<DraftEdit>(`/api/v2/drafts/${draftID}/edit`);
    expect(edit.status).toBe(200);
    expect(Object.keys(edit.body).sort()).toEqual(
      ["attributes", "draftID", "parentRecordID", "parentRecordType", "recordID", "recordType"].sort(),
    );
    expect(edit.body.attributes.body).toBe(rich2("Half a thought"));

    const patched = await member.client.patch<Draft>(`/api/v2/drafts/${draftID}`, {
      attributes: commentDraft("A whole thought").attributes,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.attributes.body).toBe(rich2("A whole thought"));

    const second = await member.client.post<Draft>("/api/v2/drafts", discussionDraft("My idea"));
    const list = await member.client.get<Draft[]>("/api/v2/drafts?expand=true&limit=1");
    expect(list.status).toBe(200);
    expect(list.headers["x-app-page-result-count"]).toBe("2");
    expect(list.headers["x-app-page-next-url"]).toContain("page=2");
    expect(list.body.map((draft) => draft.draftID)).toEqual([second.body.draftID]);
    expect(list.body[0]).toMatchObject({
      name: "My idea",
      excerpt: "Body of My idea",
      editUrl: `/post/editdiscussion/0/${second.body.draftID}`,
    });
    const comments = await member.client.get<Draft[]>("/api/v2/drafts?expand=true&recordType=comment");
    expect(comments.body.map((draft) => [draft.draftID, draft.editUrl])).toEqual([
      [draftID, `/discussion/${discussion.discussionID}?hasDraft=true#create-comment`],
    ]);

    expect((await member.client.delete(`/api/v2/drafts/${draftID}`)).status).toBe(204);
    expect((await member.client.get(`/api/v2/drafts/${draftID}/edit`)).status).toBe(404);
    expect((await member.client.get<Draft[]>("/api/v2/drafts")).body.map((d) => d.draftID)).toEqual([
      second.body.draftID,
    ]);
  });

  it("gives a reply draft the link to its comment", async () => {
    const reply = await member.client.post<Draft>(
      "/api/v2/drafts",
      commentDraft("Replying", {
        draftMeta: { commentPath: "/x", commentParentID: 77, format: "rich2" },
      }),
    );
    const read = await member.client.get<Draft>(`/api/v2/drafts/${reply.body.draftID}`);
    expect(read.body.editUrl).toBe("/discussion/comment/77?hasDraft=true#Comment_77");
  });

  it("says in the list view where each draft goes: the category, and a comment's discussion", async () => {
    const writer = await forumClient(testApp);
    await writer.client.post("/api/v2/drafts", commentDraft("About the talk"));
    await writer.client.post("/api/v2/drafts", discussionDraft("Next topic"));
    const listed = await writer.client.get<Draft[]>("/api/v2/drafts?expand=true&sort=dateInserted");
    expect(listed.body.map((draft) => draft.breadCrumbs)).toEqual([
      [
        { name: "General", url: general.url },
        { name: "Talk", url: discussion.url },
      ],
      [{ name: "General", url: general.url }],
    ]);
    const plain = await writer.client.get<Draft[]>("/api/v2/drafts");
    expect(plain.body[0]).not.toHaveProperty("breadCrumbs");
  });

  it("hides other members' drafts: 404 to read, edit, change or delete; moderators may read and delete", async () => {
    const { body } = await member.client.post<Draft>("/api/v2/drafts", commentDraft("Private words"));
    const before = await draftCount();
    expect((await other.client.get(`/api/v2/drafts/${body.draftID}`)).status).toBe(404);
    expect((await other.client.get(`/api/v2/drafts/${body.draftID}/edit`)).status).toBe(404);
    const patch = await other.client.patch(`/api/v2/drafts/${body.draftID}`, { attributes: { body: "x" } });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ message: "Draft not found.", status: 404 });
    expect((await other.client.delete(`/api/v2/drafts/${body.draftID}`)).status).toBe(404);
    expect((await other.client.get<Draft[]>("/api/v2/drafts")).body).toEqual([]);
    expect(await draftCount()).toBe(before);

    expect((await moderator.client.get(`/api/v2/drafts/${body.draftID}/edit`)).status).toBe(200);
    expect((await moderator.client.patch(`/api/v2/drafts/${body.draftID}`, { attributes: {} })).status).toBe(
      403,
    );
    expect((await moderator.client.delete(`/api/v2/drafts/${body.draftID}`)).status).toBe(204);
  });

  it("refuses guests and bad input without writing", async () => {
    const before = await draftCount();
    expect((await testApp.guest().post("/api/v2/drafts", commentDraft("x"))).status).toBe(403);
    expect((await testApp.guest().get("/api/v2/drafts")).status).toBe(403);
    const noType = await member.client.post("/api/v2/drafts", { attributes: {} });
    expect(noType.status).toBe(422);
    const badType = await member.client.post("/api/v2/drafts", { recordType: "poem", attributes: {} });
    expect(badType.status).toBe(422);
    const orphan = await member.client.post("/api/v2/drafts", { recordType: "comment", attributes: {} });
    expect(orphan.status).toBe(422);
    expect(orphan.body).toMatchObject({ errors: [{ field: "parentRecordID" }] });
    const huge = await member.client.post("/api/v2/drafts", {
      ...commentDraft("x"),
      attributes: { body: "x".repeat(300 * 1024) },
    });
    expect(huge.status).toBe(422);
    expect(huge.body).toMatchObject({ errors: [{ field: "attributes" }] });
    expect((await member.client.get("/api/v2/drafts/abc/edit")).status).toBe(422);
    expect((await member.client.get("/api/v2/drafts?limit=500")).status).toBe(422);
    expect(await draftCount()).toBe(before);
  });

  it("schedules with schedule.allow only, checks the date and fields, cancels and reschedules", async () => {
    const draft = (await admin.client.post<Draft>("/api/v2/drafts", discussionDraft("Later"))).body;
    const tooSoon = await admin.client.patch(`/api/v2/drafts/${draft.draftID}`, {
      draftStatus: "scheduled",
      dateScheduled: inMinutes(5),
    });
    expect(tooSoon.status).toBe(422);
    expect(tooSoon.body).toMatchObject({
      errors: [
        {
          field: "dateScheduled",
          message: "The scheduled date and time must be at least 15 minutes in the future.",
        },
      ],
    });
    const tooLate = await admin.client.patch(`/api/v2/drafts/${draft.draftID}`, {
      draftStatus: "scheduled",
      dateScheduled: inMinutes(60 * 24 * 400),
    });
    expect(tooLate.body).toMatchObject({
      errors: [{ message: "The scheduled date and time must be less than 1 year from now." }],
    });
    const nameless = await admin.client.post("/api/v2/drafts", {
      recordType: "discussion",
      attributes: { format: "rich2", body: rich2("x"), draftMeta: {} },
      draftStatus: "scheduled",
      dateScheduled: inMinutes(30),
    });
    expect(nameless.status).toBe(422);
    expect(nameless.body).toMatchObject({
      errors: [{ field: "attributes.draftMeta.name" }, { field: "attributes.draftMeta.postTypeID" }],
    });

    const memberDraft = (await member.client.post<Draft>("/api/v2/drafts", discussionDraft("Mine"))).body;
    const refused = await member.client.patch(`/api/v2/drafts/${memberDraft.draftID}`, {
      draftStatus: "scheduled",
      dateScheduled: inMinutes(30),
    });
    expect(refused.status).toBe(403);

    const scheduled = await admin.client.patch<Draft>(`/api/v2/drafts/${draft.draftID}`, {
      draftStatus: "scheduled",
      dateScheduled: inMinutes(30),
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.draftStatus).toBe("scheduled");
    const listed = await admin.client.get<Draft[]>("/api/v2/drafts?draftStatus=scheduled");
    expect(listed.body.map((d) => d.draftID)).toEqual([draft.draftID]);
    const moved = await admin.client.patch<Draft>(`/api/v2/drafts/schedule/${draft.draftID}`, {
      dateScheduled: inMinutes(45),
    });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.dateScheduled ?? "")).toBeGreaterThan(Date.parse(inMinutes(44)));
    // Edited a minute before it goes out: the words change, the date stays.
    await testApp.context.db
      .updateTable("drafts")
      .set({ dateScheduled: new Date(Date.now() + 60_000).toISOString() })
      .where("draftID", "=", draft.draftID)
      .execute();
    const edited = await admin.client.patch<Draft>(`/api/v2/drafts/${draft.draftID}`, {
      attributes: discussionDraft("Later, reworded").attributes,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      draftStatus: "scheduled",
      attributes: { draftMeta: { name: "Later, reworded" } },
    });
    const cancelled = await admin.client.patch<Draft>(`/api/v2/drafts/cancel-schedule/${draft.draftID}`);
    expect(cancelled.body).toMatchObject({ draftStatus: "draft", dateScheduled: null });
    const again = await admin.client.patch(`/api/v2/drafts/cancel-schedule/${draft.draftID}`);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: "The record currently is a draft no changes are needed." });
    const notScheduled = await admin.client.patch(`/api/v2/drafts/schedule/${draft.draftID}`, {
      dateScheduled: inMinutes(45),
    });
    expect(notScheduled.status).toBe(400);
  });

  it("schedules, reschedules and edits a scheduled draft when every read of the settings re-reads them", async () => {
    // On a busy machine the settings' one-second cache ran out between the request's first read and the
    // draft's transaction: the re-read inside the transaction waited for SQLite's one connection, which the
    // transaction held, and the request never ended. Here every `get` re-reads, as it would then.
    const settings = testApp.context.settings;
    const get = settings.get.bind(settings);
    const everyGetRereads = jest.spyOn(settings, "get").mockImplementation((key: string) => {
      settings.expire();
      return get(key);
    });
    try {
      const draft = (await admin.client.post<Draft>("/api/v2/drafts", discussionDraft("Settings due"))).body;
      const scheduled = await answerWithin(
        admin.client.patch(`/api/v2/drafts/${draft.draftID}`, {
          draftStatus: "scheduled",
          dateScheduled: inMinutes(60),
        }),
      );
      expect(scheduled.status).toBe(200);
      const moved = await answerWithin(
        admin.client.patch(`/api/v2/drafts/schedule/${draft.draftID}`, { dateScheduled: inMinutes(90) }),
      );
      expect(moved.status).toBe(200);
      const edited = await answerWithin(
        admin.client.patch(`/api/v2/drafts/${draft.draftID}`, {
          attributes: discussionDraft("Still due").attributes,
        }),
      );
      expect(edited.status).toBe(200);
      expect(everyGetRereads).toHaveBeenCalled();
      expect((await admin.client.delete(`/api/v2/drafts/${draft.draftID}`)).status).toBe(204);
    } finally {
      everyGetRereads.mockRestore();
    }
  });

  it("allows one scheduled update per existing record", async () => {
    const body = {
      ...discussionDraft("Update"),
      recordID: discussion.discussionID,
      draftStatus: "scheduled",
      dateScheduled: inMinutes(30),
    };
    expect((await admin.client.post("/api/v2/drafts", body)).status).toBe(201);
    const second = await admin.client.post("/api/v2/drafts", body);
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({ errors: [{ field: "recordID" }] });
  });

  it("leaves no waiting publish job once a scheduled draft is rescheduled, cancelled, unscheduled or deleted", async () => {
    const waitingJobs = async (draftID: number) =>
      (
        await testApp.context.db
          .selectFrom("jobs")
          .select(["payload", "status"])
          .where("name", "=", PUBLISH_SCHEDULED_DRAFT)
          .where("status", "in", ["pending", "failed"])
          .execute()
      )
        .map((job) => JSON.parse(job.payload) as { draftID: number; dateScheduled: string })
        .filter((payload) => payload.draftID === draftID)
        .map((payload) => Date.parse(payload.dateScheduled));
    const scheduled = async (name: string) =>
      (
        await admin.client.post<Draft>("/api/v2/drafts", {
          ...discussionDraft(name),
          draftStatus: "scheduled",
          dateScheduled: inMinutes(30),
        })
      ).body;

    const cancelled = await scheduled("Cancelled later");
    expect(await waitingJobs(cancelled.draftID)).toHaveLength(1);
    const moved = await admin.client.patch<Draft>(`/api/v2/drafts/schedule/${cancelled.draftID}`, {
      dateScheduled: inMinutes(50),
    });
    expect(await waitingJobs(cancelled.draftID)).toEqual([Date.parse(moved.body.dateScheduled ?? "")]);
    expect((await admin.client.patch(`/api/v2/drafts/cancel-schedule/${cancelled.draftID}`)).status).toBe(
      200,
    );
    expect(await waitingJobs(cancelled.draftID)).toEqual([]);

    const unscheduled = await scheduled("Back to a draft");
    const patched = await admin.client.patch(`/api/v2/drafts/${unscheduled.draftID}`, {
      draftStatus: "draft",
    });
    expect(patched.status).toBe(200);
    expect(await waitingJobs(unscheduled.draftID)).toEqual([]);

    const deleted = await scheduled("Deleted later");
    expect((await admin.client.delete(`/api/v2/drafts/${deleted.draftID}`)).status).toBe(204);
    expect(await waitingJobs(deleted.draftID)).toEqual([]);

    const posted = await scheduled("Posted by hand");
    const post = await admin.client.post("/api/v2/discussions", {
      name: "Posted by hand",
      body: rich2("Now"),
      format: "rich2",
      categoryID: general.categoryID,
      draftID: posted.draftID,
    });
    expect(post.status).toBe(201);
    expect(await waitingJobs(posted.draftID)).toEqual([]);
  });

  it("publishes a scheduled draft when due, once, and marks a refused one as error with its reason", async () => {
    const draft = (
      await admin.client.post<Draft>("/api/v2/drafts", {
        ...discussionDraft("Scheduled news"),
        draftStatus: "scheduled",
        dateScheduled: inMinutes(20),
      })
    ).body;
    const hidden = await makeCategory(admin.client, { name: "Soon gone" });
    const failing = (
      await admin.client.post<Draft>("/api/v2/drafts", {
        ...discussionDraft("Doomed"),
        attributes: {
          ...discussionDraft("Doomed").attributes,
          draftMeta: { name: "Doomed", categoryID: hidden.categoryID, postTypeID: "discussion" },
        },
        draftStatus: "scheduled",
        dateScheduled: inMinutes(20),
      })
    ).body;
    expect((await admin.client.delete(`/api/v2/categories/${hidden.categoryID}`)).status).toBe(204);
    // Not due yet: nothing is published.
    await testApp.context.jobs.drain();
    const published = () =>
      testApp.context.db
        .selectFrom("discussions")
        .select("discussionID")
        .where("name", "=", "Scheduled news")
        .execute();
    expect(await published()).toEqual([]);
    // The time comes: the job runs twice over (a second copy, as if another process held it too), and one
    // discussion appears.
    await testApp.context.jobs.enqueue(testApp.context.db, PUBLISH_SCHEDULED_DRAFT, {
      draftID: draft.draftID,
      dateScheduled: new Date(draft.dateScheduled ?? "").toISOString(),
    });
    await testApp.context.db
      .updateTable("jobs")
      .set({ runAt: new Date(Date.now() - 1000).toISOString() })
      .where("name", "=", PUBLISH_SCHEDULED_DRAFT)
      .where("status", "=", "pending")
      .execute();
    await testApp.context.jobs.drain();
    expect(await published()).toHaveLength(1);
    expect((await admin.client.get(`/api/v2/drafts/${draft.draftID}`)).status).toBe(404);
    const failed = await admin.client.get<Draft>(`/api/v2/drafts/${failing.draftID}`);
    expect(failed.body).toMatchObject({ draftStatus: "error", failedReason: "Category not found." });
    const errors = await admin.client.get<Draft[]>("/api/v2/drafts?draftStatus=error");
    expect(errors.body.map((d) => d.draftID)).toContain(failing.draftID);
    expect(errors.body.map((d) => d.draftID)).not.toContain(draft.draftID);
  });

  it("counts Drafts in the me-counts and removes a deleted member's drafts", async () => {
    const leaving = await forumClient(testApp);
    await leaving.client.post("/api/v2/drafts", commentDraft("One"));
    await leaving.client.post("/api/v2/drafts", commentDraft("Two"));
    const viewer = await viewerForUser(testApp.context, leaving.user.userID);
    if (!viewer) throw new Error("No viewer.");
    expect(await getMeCount(testApp.context, viewer, "Drafts")).toBe(2);
    // As DELETE /users/{id} does inside its transaction, even when the member's posts are kept.
    await testApp.context.db
      .transaction()
      .execute((trx) => applyUserContentHandlers(trx, leaving.user.userID, "keep"));
    const left = await testApp.context.db
      .selectFrom("drafts")
      .select("draftID")
      .where("insertUserID", "=", leaving.user.userID)
      .execute();
    expect(left).toEqual([]);
  });
});
