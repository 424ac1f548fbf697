import { createTestApp, TestClient, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  rich2,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("notifications run as jobs after the write (%s)", (dialect) => {
  let testApp: TestApp;
  let author: SignedIn;
  let commenter: SignedIn;
  let discussionID: number;
  const participants: SignedIn[] = [];

  const notificationsOf = (userID: number) =>
    testApp.context.db.selectFrom("notifications").selectAll().where("userID", "=", userID).execute();

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const admin = await forumClient(testApp, { role: "Administrator" });
    author = await forumClient(testApp);
    commenter = await forumClient(testApp);
    const category = await makeCategory(admin.client, { name: "Jobs" });
    discussionID = (await makeDiscussion(author.client, category.categoryID, "Busy thread")).discussionID;
    for (let index = 0; index < 5; index += 1) {
      const participant = await forumClient(testApp);
      await makeComment(participant.client, discussionID, `Reply ${index}`);
      participants.push(participant);
    }
  });
  afterAll(() => testApp.close());

  it("answers POST /comments before anyone is notified; the queue then notifies every participant", async () => {
    // A client that does not run the queue after its requests: what the request itself did.
    const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
    const raw = new TestClient(testApp.app, cookieName);
    raw.cookie = commenter.client.cookie;
    const before = (await notificationsOf(author.user.userID)).length;
    const response = await raw.post<{ commentID: number }>("/api/v2/comments", {
      discussionID,
      body: rich2("One more"),
      format: "rich2",
    });
    expect(response.status).toBe(201);
    expect(await notificationsOf(author.user.userID)).toHaveLength(before);
    const pending = await testApp.context.db
      .selectFrom("jobs")
      .select(["name", "status", "owner"])
      .where("status", "=", "pending")
      .where("owner", "=", "forum")
      .execute();
    expect(pending).toEqual([{ name: "forum.notifyCommentCreated", status: "pending", owner: "forum" }]);

    await testApp.context.jobs.drain();
    const forAuthor = await notificationsOf(author.user.userID);
    expect(forAuthor).toHaveLength(before + 1);
    expect(forAuthor.at(-1)).toMatchObject({ activityType: "Comment" });
    for (const participant of participants)
      expect((await notificationsOf(participant.user.userID)).map((row) => row.activityType)).toContain(
        "Participated",
      );
  });

  it("retries a notification job whose effect failed, and notifies once it succeeds", async () => {
    const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
    const raw = new TestClient(testApp.app, cookieName);
    raw.cookie = commenter.client.cookie;
    const before = (await notificationsOf(author.user.userID)).length;
    const failure = jest
      .spyOn(testApp.context.mailer, "smtp")
      .mockRejectedValueOnce(new Error("The settings could not be read."));
    try {
      const response = await raw.post<{ commentID: number }>("/api/v2/comments", {
        discussionID,
        body: rich2("Sent while the settings were unreadable"),
        format: "rich2",
      });
      expect(response.status).toBe(201);
      await testApp.context.jobs.drain();
    } finally {
      failure.mockRestore();
    }
    const failed = await testApp.context.db
      .selectFrom("jobs")
      .select(["jobID", "status", "lastError"])
      .where("name", "=", "forum.notifyCommentCreated")
      .orderBy("jobID", "desc")
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "failed", lastError: "The settings could not be read." });
    expect(await notificationsOf(author.user.userID)).toHaveLength(before);

    await testApp.context.db
      .updateTable("jobs")
      .set({ runAt: new Date(Date.now() - 1000).toISOString() })
      .where("jobID", "=", failed.jobID)
      .execute();
    await testApp.context.jobs.drain();
    const retried = await testApp.context.db
      .selectFrom("jobs")
      .select("status")
      .where("jobID", "=", failed.jobID)
      .executeTakeFirstOrThrow();
    expect(retried.status).toBe("done");
    expect(await notificationsOf(author.user.userID)).toHaveLength(before + 1);
  });

  it("a notification job whose comment was deleted before it ran completes without notifying", async () => {
    const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
    const raw = new TestClient(testApp.app, cookieName);
    raw.cookie = commenter.client.cookie;
    const response = await raw.post<{ commentID: number }>("/api/v2/comments", {
      discussionID,
      body: rich2("Deleted before the queue ran"),
      format: "rich2",
    });
    // The comment disappears before its job runs: the job finds nothing to notify about and completes.
    await testApp.context.db
      .deleteFrom("comments")
      .where("commentID", "=", response.body.commentID)
      .execute();
    await testApp.context.jobs.drain();
    const job = await testApp.context.db
      .selectFrom("jobs")
      .select(["status"])
      .orderBy("jobID", "desc")
      .executeTakeFirstOrThrow();
    expect(job.status).toBe("done");
  });
});
