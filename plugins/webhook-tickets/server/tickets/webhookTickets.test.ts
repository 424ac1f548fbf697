import { serverApplications } from "@applications/serverApplications";
import {
  makeComment,
  makeDiscussion,
  postCategory,
  signedInCast,
  type SignedIn,
} from "@library/server/testing/apiPosts";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { Attachment, AttachmentForm, Catalog } from "@plugins/attachments/api/attachmentsApi";
import { TicketReceiver } from "../testing/ticketReceiver";
import { SEND_TICKET_JOB } from "./sendTicketJob";
import { TICKET_TYPE } from "./ticketIntegration";

const SECRET = "shared-secret";

describe.each(testDialects)("webhook tickets (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let moderator: SignedIn;
  let member: SignedIn;
  let categoryID: number;
  let receiver: TicketReceiver;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, moderator, member } = await signedInCast(testApp));
    receiver = await new TicketReceiver(SECRET).start();
    categoryID = await postCategory(testApp, admin.client, "Support");
  });
  afterAll(async () => {
    await receiver.stop();
    await testApp.close();
  });

  const forDiscussion = (recordID: number, extra: Record<string, unknown> = {}) => ({
    attachmentType: TICKET_TYPE,
    recordType: "discussion",
    recordID,
    ...extra,
  });
  const listOf = async (recordID: number, client = moderator.client) =>
    (await client.get<Attachment[]>(`/api/v2/attachments?recordType=discussion&recordID=${recordID}`)).body;
  const attachmentCount = async () =>
    Number(
      (
        await testApp.context.db
          .selectFrom("attachments")
          .select((eb) => eb.fn.countAll().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const configure = (values: Record<string, string>) => admin.client.patch("/api/v2/config", values);

  it("is off by default; enabled with its requirement, it lists itself once its URL is set", async () => {
    expect(
      (await admin.client.get<{ enabled: boolean }>("/api/v2/addons/webhook-tickets")).body.enabled,
    ).toBe(false);
    expect((await moderator.client.get("/api/v2/attachments/catalog")).status).toBe(404);
    expect((await admin.client.patch("/api/v2/addons/webhook-tickets", { enabled: true })).status).toBe(200);
    expect((await admin.client.get<{ enabled: boolean }>("/api/v2/addons/attachments")).body.enabled).toBe(
      true,
    );
    expect((await moderator.client.get<Catalog>("/api/v2/attachments/catalog")).body).toEqual({});

    expect((await configure({ "webhookTickets.url": "ftp://nowhere" })).status).toBe(422);
    expect(
      (await configure({ "webhookTickets.url": receiver.url, "webhookTickets.secret": SECRET })).status,
    ).toBe(204);
    const catalog = (await moderator.client.get<Catalog>("/api/v2/attachments/catalog")).body;
    expect(catalog[TICKET_TYPE]).toMatchObject({
      attachmentType: TICKET_TYPE,
      label: "Create Ticket",
      submitButton: "Create Ticket",
      recordTypes: ["discussion", "comment"],
      writeableContentScope: "all",
    });
    expect((await member.client.get<Catalog>("/api/v2/attachments/catalog")).body).toEqual({});
    expect((await testApp.guest().get("/api/v2/attachments/catalog")).status).toBe(403);
    // Members do not read the receiver's address.
    const config = await member.client.get<Record<string, unknown>>("/api/v2/config");
    expect(config.body["webhookTickets.url"]).toBeUndefined();
  });

  it("gives the form for a post, with the post's values, only to those allowed", async () => {
    const discussionID = await makeDiscussion(member.client, categoryID, "Printer on fire");
    const query = `attachmentType=${TICKET_TYPE}&recordType=discussion&recordID=${discussionID}`;
    const form = await moderator.client.get<AttachmentForm>(`/api/v2/attachments/schema?${query}`);
    expect(form.status).toBe(200);
    expect(form.body.required).toEqual(["title", "priority"]);
    expect(form.body.properties.title).toMatchObject({
      type: "string",
      title: "Title",
      default: "Printer on fire",
    });
    expect(form.body.properties.body?.default).toBe("Body of Printer on fire");
    expect(form.body.properties.priority?.enum).toEqual(["low", "normal", "high"]);

    expect((await member.client.get(`/api/v2/attachments/schema?${query}`)).status).toBe(403);
    expect((await testApp.guest().get(`/api/v2/attachments/schema?${query}`)).status).toBe(403);
    const unknown = await moderator.client.get(
      `/api/v2/attachments/schema?attachmentType=nothing&recordType=discussion&recordID=${discussionID}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: "Integration not found.", status: 404 });
    const missing = `attachmentType=${TICKET_TYPE}&recordType=discussion&recordID=99999999`;
    expect((await moderator.client.get(`/api/v2/attachments/schema?${missing}`)).status).toBe(404);
    const user = `attachmentType=${TICKET_TYPE}&recordType=user&recordID=${member.user.userID}`;
    expect((await moderator.client.get(`/api/v2/attachments/schema?${user}`)).status).toBe(422);
  });

  it("creates a ticket after the write, signed, and shows it on the post", async () => {
    const discussionID = await makeDiscussion(member.client, categoryID, "Login broken");
    const calls = receiver.calls.length;
    const created = await moderator.client.post<Attachment>(
      "/api/v2/attachments",
      forDiscussion(discussionID, { title: "Login broken for members", priority: "high" }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      recordType: "discussion",
      recordID: discussionID,
      type: TICKET_TYPE,
      status: "pending",
      sourceID: null,
      foreignUserID: member.user.userID,
      insertUserID: moderator.user.userID,
    });
    // The job ran after the request (test apps drain the queue), once.
    expect(receiver.calls).toHaveLength(calls + 1);
    const call = receiver.calls[calls]!;
    expect(call.signed).toBe(true);
    expect(call.idempotencyKey).toMatch(/^attachment-\d+-[0-9a-f]{24}$/);
    expect(call.event).toMatchObject({
      event: "ticket.create",
      idempotencyKey: call.idempotencyKey,
      ticket: {
        title: "Login broken for members",
        body: "Body of Login broken",
        priority: "high",
        author: { userID: member.user.userID, name: member.user.name },
        recordType: "discussion",
        recordID: discussionID,
      },
    });
    expect((call.event.ticket as { url: string }).url).toMatch(new RegExp(`/discussion/${discussionID}$`));

    const [ticket] = await listOf(discussionID);
    expect(ticket).toMatchObject({
      attachmentID: created.body.attachmentID,
      status: "open",
      sourceUrl: `https://tickets.example.test/t/${ticket!.sourceID}`,
      metadata: [{ labelCode: "Priority", value: "High" }],
    });
    expect(receiver.tickets.has(ticket!.sourceID!)).toBe(true);
    // Members without the permission see no tickets; the page shows the card and the action to moderators.
    expect(await listOf(discussionID, member.client)).toEqual([]);
    const page = await moderator.client.get(`/discussion/${discussionID}`);
    const html = page.status === 200 ? page.text : (await moderator.client.get(page.headers.location!)).text;
    expect(html).toContain("AttachmentCards");
    expect(html).toContain("AttachmentActions");
    expect(html).toContain(ticket!.sourceID!);
    const memberPage = await member.client.get(`/discussion/${discussionID}`);
    const memberHtml =
      memberPage.status === 200
        ? memberPage.text
        : (await member.client.get(memberPage.headers.location!)).text;
    expect(memberHtml).not.toContain("AttachmentActions");

    // A comment takes a ticket too.
    const commentID = await makeComment(member.client, discussionID, "Same here");
    const onComment = await moderator.client.post<Attachment>("/api/v2/attachments", {
      attachmentType: TICKET_TYPE,
      recordType: "comment",
      recordID: commentID,
    });
    expect(onComment.status).toBe(201);
    expect((receiver.calls.at(-1)!.event.ticket as { title: string; body: string }).body).toBe("Same here");
  });

  it("refuses bad fields (422), others' posts outside the scope and members without the permission (403)", async () => {
    const discussionID = await makeDiscussion(member.client, categoryID, "Refusals");
    const before = await attachmentCount();
    const bad = await moderator.client.post<{ errors: { field: string }[] }>(
      "/api/v2/attachments",
      forDiscussion(discussionID, { title: " ", priority: "urgent", body: "x".repeat(2001) }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error) => error.field).sort()).toEqual(["body", "priority", "title"]);
    expect(
      (await moderator.client.post("/api/v2/attachments", forDiscussion(discussionID, { title: 5 }))).status,
    ).toBe(422);
    expect((await moderator.client.post("/api/v2/attachments", { recordType: "discussion" })).status).toBe(
      422,
    );
    const denied = await member.client.post("/api/v2/attachments", forDiscussion(discussionID));
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ permissions: ["webhookTickets.create"] });
    expect((await testApp.guest().post("/api/v2/attachments", forDiscussion(discussionID))).status).toBe(403);

    await configure({ "webhookTickets.scope": "own" });
    const own = await makeDiscussion(moderator.client, categoryID, "Moderator's own");
    expect((await moderator.client.post("/api/v2/attachments", forDiscussion(discussionID))).status).toBe(
      403,
    );
    const catalog = (await moderator.client.get<Catalog>("/api/v2/attachments/catalog")).body;
    expect(catalog[TICKET_TYPE]?.writeableContentScope).toBe("own");
    expect((await moderator.client.post("/api/v2/attachments", forDiscussion(own))).status).toBe(201);
    await configure({ "webhookTickets.scope": "none" });
    expect((await moderator.client.post("/api/v2/attachments", forDiscussion(own))).status).toBe(403);
    await configure({ "webhookTickets.scope": "all" });
    expect(await attachmentCount()).toBe(before + 1);
  });

  it("creates a ticket from a comment's options menu, shown under that comment, with the same permission and scope rules", async () => {
    const discussionID = await makeDiscussion(member.client, categoryID, "Comment tickets");
    const commentID = await makeComment(member.client, discussionID, "The printer is on fire again");
    const ownCommentID = await makeComment(moderator.client, discussionID, "A moderator's comment");
    const forComment = (recordID: number, extra: Record<string, unknown> = {}) => ({
      attachmentType: TICKET_TYPE,
      recordType: "comment",
      recordID,
      ...extra,
    });
    /** The CommentIntegrations widgets of the discussion's page as the client gets them, by comment. */
    const commentWidgets = async (client: typeof member.client) => {
      let page = await client.get(`/discussion/${discussionID}`);
      if (page.status !== 200) page = await client.get(page.headers.location!);
      const widgets = new Map<number, { actions: { ownOnly: boolean }[]; attachments: Attachment[] }>();
      for (const match of page.text.matchAll(/data-react="CommentIntegrations" data-props='([^']*)'/g)) {
        const json = match[1]!.replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&amp;/g, "&");
        const props = JSON.parse(json) as {
          recordID: number;
          actions: { ownOnly: boolean }[];
          attachments: Attachment[];
        };
        widgets.set(props.recordID, props);
      }
      return widgets;
    };
    // The moderator's menu under each comment offers 'Create Ticket'; a member without the permission has none.
    const offered = await commentWidgets(moderator.client);
    expect(offered.get(commentID)).toMatchObject({
      recordID: commentID,
      insertUserID: member.user.userID,
      actions: [{ attachmentType: TICKET_TYPE, label: "Create Ticket", ownOnly: false }],
      attachments: [],
    });
    expect((await commentWidgets(member.client)).size).toBe(0);

    const form = await moderator.client.get<AttachmentForm>(
      `/api/v2/attachments/schema?attachmentType=${TICKET_TYPE}&recordType=comment&recordID=${commentID}`,
    );
    expect(form.body.properties.body?.default).toBe("The printer is on fire again");
    const created = await moderator.client.post<Attachment>(
      "/api/v2/attachments",
      forComment(commentID, { title: "Fire, again", priority: "high" }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      recordType: "comment",
      recordID: commentID,
      foreignUserID: member.user.userID,
      insertUserID: moderator.user.userID,
    });
    expect(receiver.calls.at(-1)!.event).toMatchObject({
      event: "ticket.create",
      ticket: { title: "Fire, again", recordType: "comment", recordID: commentID },
    });
    expect((receiver.calls.at(-1)!.event.ticket as { url: string }).url).toMatch(
      new RegExp(`/discussion/comment/${commentID}#Comment_${commentID}$`),
    );
    // It belongs to the comment: listed for it, not for the discussion, and shown under it on the page.
    const listed = await moderator.client.get<Attachment[]>(
      `/api/v2/attachments?recordType=comment&recordID=${commentID}`,
    );
    expect(listed.body).toEqual([
      expect.objectContaining({ attachmentID: created.body.attachmentID, status: "open" }),
    ]);
    expect(await listOf(discussionID)).toEqual([]);
    const shown = await commentWidgets(moderator.client);
    expect(shown.get(commentID)?.attachments).toEqual([
      expect.objectContaining({
        attachmentID: created.body.attachmentID,
        sourceID: listed.body[0]!.sourceID,
      }),
    ]);
    expect(shown.get(ownCommentID)?.attachments).toEqual([]);

    // A member without the permission, a guest, a missing comment; the scope as for discussions.
    const before = await attachmentCount();
    const denied = await member.client.post("/api/v2/attachments", forComment(commentID));
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ permissions: ["webhookTickets.create"] });
    expect((await testApp.guest().post("/api/v2/attachments", forComment(commentID))).status).toBe(403);
    expect((await moderator.client.post("/api/v2/attachments", forComment(99999999))).status).toBe(404);
    await configure({ "webhookTickets.scope": "own" });
    const othersComment = await moderator.client.post("/api/v2/attachments", forComment(commentID));
    expect(othersComment.status).toBe(403);
    expect(othersComment.body).toMatchObject({ description: "You may only do this on your own posts." });
    // The page offers the action for the author alone to see (the client compares), and only on their own.
    expect((await commentWidgets(moderator.client)).get(commentID)?.actions).toEqual([
      expect.objectContaining({ ownOnly: true }),
    ]);
    expect((await moderator.client.post("/api/v2/attachments", forComment(ownCommentID))).status).toBe(201);
    await configure({ "webhookTickets.scope": "none" });
    expect((await moderator.client.post("/api/v2/attachments", forComment(ownCommentID))).status).toBe(403);
    const readOnly = await commentWidgets(moderator.client);
    expect(readOnly.get(commentID)).toMatchObject({ actions: [], attachments: [expect.anything()] });
    expect(readOnly.has(ownCommentID)).toBe(true);
    await configure({ "webhookTickets.scope": "all" });
    expect(await attachmentCount()).toBe(before + 1);
  });

  it("refreshes a ticket's status from the receiver, only stale ones unless told", async () => {
    const discussionID = await makeDiscussion(member.client, categoryID, "Refresh me");
    await moderator.client.post("/api/v2/attachments", forDiscussion(discussionID));
    const [ticket] = await listOf(discussionID);
    receiver.setStatus(ticket!.sourceID!, "closed");
    const stale = await moderator.client.post<Attachment[]>("/api/v2/attachments/refresh", {
      attachmentIDs: [ticket!.attachmentID],
    });
    expect(stale.status).toBe(200);
    expect(stale.body[0]?.status).toBe("open");
    const fresh = await moderator.client.post<Attachment[]>("/api/v2/attachments/refresh", {
      attachmentIDs: [ticket!.attachmentID],
      onlyStale: false,
    });
    expect(fresh.body).toHaveLength(1);
    expect(fresh.body[0]).toMatchObject({ status: "closed", updateUserID: moderator.user.userID });
    expect(receiver.calls.at(-1)!.event).toEqual({ event: "ticket.status", ticketID: ticket!.sourceID });

    const many = Array.from({ length: 11 }, (_, index) => ticket!.attachmentID + index);
    expect((await moderator.client.post("/api/v2/attachments/refresh", { attachmentIDs: many })).status).toBe(
      400,
    );
    expect((await moderator.client.post("/api/v2/attachments/refresh", { attachmentIDs: [] })).status).toBe(
      422,
    );
    expect(
      (await moderator.client.post("/api/v2/attachments/refresh", { attachmentIDs: [99999999] })).status,
    ).toBe(404);
    const ids = { attachmentIDs: [ticket!.attachmentID] };
    expect((await member.client.post("/api/v2/attachments/refresh", ids)).status).toBe(403);
    expect((await testApp.guest().post("/api/v2/attachments/refresh", ids)).status).toBe(403);
  });

  it("says why when the receiver is down, retries with backoff, and creates the ticket once it is back", async () => {
    const discussionID = await makeDiscussion(member.client, categoryID, "Receiver down");
    const earlier = await makeDiscussion(member.client, categoryID, "Made before");
    await moderator.client.post("/api/v2/attachments", forDiscussion(earlier));
    const [existing] = await listOf(earlier);
    await receiver.stop();

    const created = await moderator.client.post<Attachment>(
      "/api/v2/attachments",
      forDiscussion(discussionID),
    );
    expect(created.status).toBe(201);
    const [waiting] = await listOf(discussionID);
    expect(waiting).toMatchObject({ status: "pending", sourceID: null });
    expect(waiting!.metadata).toContainEqual({
      labelCode: "Error",
      value: "The ticket service could not be reached.",
    });
    const down = await moderator.client.post("/api/v2/attachments/refresh", {
      attachmentIDs: [existing!.attachmentID],
      onlyStale: false,
    });
    expect(down.status).toBe(400);
    expect(down.body).toMatchObject({ message: "The ticket service could not be reached." });

    const job = await testApp.context.db
      .selectFrom("jobs")
      .select(["jobID", "status", "attempts", "runAt"])
      .where("name", "=", SEND_TICKET_JOB)
      .orderBy("jobID", "desc")
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "failed", attempts: 1 });
    expect(Date.parse(job.runAt)).toBeGreaterThan(Date.now() + 5_000);

    await receiver.start();
    receiver.fail(1);
    const due = () =>
      testApp.context.db
        .updateTable("jobs")
        .set({ runAt: new Date(Date.now() - 1000).toISOString() })
        .where("jobID", "=", job.jobID)
        .execute();
    await due();
    await testApp.context.jobs.drain();
    const [failedAgain] = await listOf(discussionID);
    expect(failedAgain!.metadata).toContainEqual({
      labelCode: "Error",
      value: "The ticket service answered with error 500.",
    });
    await due();
    await testApp.context.jobs.drain();
    const [done] = await listOf(discussionID);
    expect(done).toMatchObject({ status: "open", metadata: [{ labelCode: "Priority", value: "Normal" }] });
    expect(done!.sourceID).not.toBeNull();
  });

  it("makes one ticket when the send job runs twice, even after its answer was lost", async () => {
    const discussionID = await makeDiscussion(member.client, categoryID, "Twice");
    const created = await moderator.client.post<Attachment>(
      "/api/v2/attachments",
      forDiscussion(discussionID),
    );
    const [first] = await listOf(discussionID);
    const tickets = receiver.tickets.size;
    const calls = receiver.calls.length;
    const payload = (
      await testApp.context.db
        .selectFrom("jobs")
        .select("payload")
        .where("name", "=", SEND_TICKET_JOB)
        .orderBy("jobID", "desc")
        .executeTakeFirstOrThrow()
    ).payload;

    // Run again as is: the attachment has its ticket, nothing is sent.
    await testApp.context.jobs.enqueue(testApp.context.db, SEND_TICKET_JOB, JSON.parse(payload));
    await testApp.context.jobs.drain();
    expect(receiver.calls).toHaveLength(calls);
    // Run again after a crash lost the answer: sent again with the same key, the receiver makes no second ticket.
    await testApp.context.db
      .updateTable("attachments")
      .set({ sourceID: null, status: "pending" })
      .where("attachmentID", "=", created.body.attachmentID)
      .execute();
    await testApp.context.jobs.enqueue(testApp.context.db, SEND_TICKET_JOB, JSON.parse(payload));
    await testApp.context.jobs.drain();
    expect(receiver.calls).toHaveLength(calls + 1);
    expect(receiver.calls.at(-1)!.idempotencyKey).toBe(receiver.calls[calls - 1]!.idempotencyKey);
    expect(receiver.tickets.size).toBe(tickets);
    const [again] = await listOf(discussionID);
    expect(again).toMatchObject({ sourceID: first!.sourceID, status: "open" });
  });

  it("keeps attachments whose integration is gone out of answers (logged, no error)", async () => {
    const discussionID = await makeDiscussion(member.client, categoryID, "Gone");
    await moderator.client.post("/api/v2/attachments", forDiscussion(discussionID));
    expect(await listOf(discussionID)).toHaveLength(1);
    expect((await admin.client.patch("/api/v2/addons/webhook-tickets", { enabled: false })).status).toBe(200);
    const list = await moderator.client.get<Attachment[]>(
      `/api/v2/attachments?recordType=discussion&recordID=${discussionID}`,
    );
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await moderator.client.get<Catalog>("/api/v2/attachments/catalog")).body).toEqual({});
    expect((await moderator.client.post("/api/v2/attachments", forDiscussion(discussionID))).status).toBe(
      404,
    );
    const page = await moderator.client.get(`/discussion/${discussionID}`);
    expect(page.status).toBeLessThan(400);
    expect(await attachmentCount()).toBeGreaterThan(0);
  });
});
