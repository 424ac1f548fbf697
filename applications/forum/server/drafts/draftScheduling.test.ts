import type { Draft } from "@forum/api/drafts";
import { sessionClient } from "@library/server/testing/factories";
import { createTestAppsSharingDatabase, testDialects, type TestApp } from "@library/server/testing/testApp";
import { forumApplication } from "../forumApplication";
import { makeCategory, rich2 } from "../testing/forumTesting";
import { PUBLISH_SCHEDULED_DRAFT } from "./draftPublishJob";
import { DRAFT_SCHEDULE_LEAD_SETTING } from "./draftRules";

describe.each(testDialects)("scheduled drafts across processes on %s", (dialect) => {
  let apps: TestApp[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ apps, close } = await createTestAppsSharingDatabase(dialect, [forumApplication], 2));
  });
  afterAll(async () => {
    await close();
  });

  it("publishes a due draft exactly once when two server processes run its jobs at the same time", async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const admin = await sessionClient(first, { role: "Administrator" });
    const category = await makeCategory(admin.client, { name: "News" });
    // The site lets schedules start a minute ahead (the administrator's setting; default 15).
    await first.context.settings.write(
      first.context.db,
      { [DRAFT_SCHEDULE_LEAD_SETTING]: 1 },
      admin.user.userID,
    );
    const when = new Date(Date.now() + 90_000).toISOString();
    const created = await admin.client.post<Draft>("/api/v2/drafts", {
      recordType: "discussion",
      attributes: {
        body: rich2("Out at the set time"),
        format: "rich2",
        draftMeta: { name: "Timed release", categoryID: category.categoryID, postTypeID: "discussion" },
      },
      draftStatus: "scheduled",
      dateScheduled: when,
    });
    expect(created.status).toBe(201);
    const draftID = created.body.draftID;
    const stored = await first.context.db
      .selectFrom("drafts")
      .select("dateScheduled")
      .where("draftID", "=", draftID)
      .executeTakeFirstOrThrow();
    // A second copy of the job, as a restarted process that enqueued again would leave.
    for (let copy = 0; copy < 3; copy += 1)
      await second.context.jobs.enqueue(second.context.db, PUBLISH_SCHEDULED_DRAFT, {
        draftID,
        dateScheduled: stored.dateScheduled,
      });
    await first.context.db
      .updateTable("jobs")
      .set({ runAt: new Date(Date.now() - 1000).toISOString() })
      .where("name", "=", PUBLISH_SCHEDULED_DRAFT)
      .execute();
    await Promise.all([first.context.jobs.drain(), second.context.jobs.drain(), first.context.jobs.drain()]);
    const published = await first.context.db
      .selectFrom("discussions")
      .select(["discussionID", "insertUserID", "categoryID"])
      .where("name", "=", "Timed release")
      .execute();
    expect(published).toEqual([
      expect.objectContaining({ insertUserID: admin.user.userID, categoryID: category.categoryID }),
    ]);
    expect((await admin.client.get(`/api/v2/drafts/${draftID}`)).status).toBe(404);
    const jobs = await first.context.db
      .selectFrom("jobs")
      .select("status")
      .where("name", "=", PUBLISH_SCHEDULED_DRAFT)
      .execute();
    expect(jobs.map((job) => job.status)).toEqual(["done", "done", "done", "done"]);
  });
});
