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
