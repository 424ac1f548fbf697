import { spawn } from "node:child_process";
import path from "node:path";
import { createTestAppsSharingDatabase, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";
import { NOTIFY_COMMENT_CREATED } from "./notificationJobs";

const WORKER = path.join(__dirname, "testing", "jobWorkerProcess.ts");

/** Runs the job worker in a process of its own; resolves with how it ended. */
function runWorker(
  dialect: string,
  location: string,
  crashAfter: string | null,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", WORKER, dialect, location], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        ...(crashAfter ? { FORUM_TEST_CRASH_AFTER_JOB: crashAfter } : {}),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe.each(testDialects)("a job killed between its effect and its completion (%s)", (dialect) => {
  let testApp: TestApp;
  let location: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const shared = await createTestAppsSharingDatabase(dialect, serverApplications, 1, {}, { addons: [] });
    [testApp] = shared.apps as [TestApp];
    location = shared.location;
    close = shared.close;
  });
  afterAll(async () => {
    await close();
  });

  it("notifies and mails each recipient once when the job runs again after the crash", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const author = await forumClient(testApp);
    const commenter = await forumClient(testApp);
    const category = await makeCategory(admin.client, { name: "Crashes" });
    const discussion = await makeDiscussion(author.client, category.categoryID, "Power cut");
    await testApp.context.db
      .insertInto("notificationPreferences")
      .values({ userID: author.user.userID, activityType: "Comment", popup: 1, email: 1 })
      .execute();
    const commentID = await makeComment(commenter.client, discussion.discussionID, "Still here?");
    const db = testApp.context.db;
    const author_ = await db
      .selectFrom("users")
      .select("email")
      .where("userID", "=", author.user.userID)
      .executeTakeFirstOrThrow();
    const notifications = () =>
      db
        .selectFrom("notifications")
        .select("notificationID")
        .where("userID", "=", author.user.userID)
        .where("recordType", "=", "comment")
        .where("recordID", "=", commentID)
        .execute();
    const mail = () => db.selectFrom("mailOutbox").select("mailID").where("to", "=", author_.email).execute();
    // The request's own run notified the author; start over with the job waiting, as just after the commit.
    expect(await notifications()).toHaveLength(1);
    expect(await mail()).toHaveLength(1);
    await db
      .deleteFrom("notifications")
      .where("recordType", "=", "comment")
      .where("recordID", "=", commentID)
      .execute();
    await db.deleteFrom("mailOutbox").where("to", "=", author_.email).execute();
    await testApp.context.jobs.enqueue(db, NOTIFY_COMMENT_CREATED, { commentID });

    const crashed = await runWorker(dialect, location, NOTIFY_COMMENT_CREATED);
    expect(crashed).toMatchObject({ signal: "SIGKILL" });
    expect(await notifications()).toHaveLength(1);
    expect(await mail()).toHaveLength(1);
    const [held] = await db
      .selectFrom("jobs")
      .select(["status", "lockedBy"])
      .where("name", "=", NOTIFY_COMMENT_CREATED)
      .where("status", "!=", "done")
      .execute();
    expect(held).toMatchObject({ status: "running" });

    // A new process takes the job over: on SQLite at once (a starting process releases the leases of this
    // machine's dead processes); on PostgreSQL when the lease ends, brought forward here.
    if (dialect === "postgres")
      await db
        .updateTable("jobs")
        .set({ lockedUntil: new Date(Date.now() - 1000).toISOString() })
        .where("status", "=", "running")
        .execute();
    const rerun = await runWorker(dialect, location, null);
    expect(rerun).toMatchObject({ code: 0, stderr: "" });
    expect(await notifications()).toHaveLength(1);
    expect(await mail()).toHaveLength(1);
    const waiting = await db
      .selectFrom("jobs")
      .select("jobID")
      .where("name", "=", NOTIFY_COMMENT_CREATED)
      .where("status", "!=", "done")
      .execute();
    expect(waiting).toEqual([]);
  }, 120_000);
});
