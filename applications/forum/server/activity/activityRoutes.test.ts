import type { ActivityDay, SiteHealth } from "@forum/api/dashboard";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { PAGE_VIEW_FLUSH_INTERVAL_MS, pageViewCounterOf } from "@library/server/pageViews/pageViewCounter";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";
import { activityDates } from "./activityRoutes";

describe.each(testDialects)("site activity and health on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  it("counts today's new discussions, comments and members, every day present, deleted posts left out", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const member = await forumClient(testApp);
    const category = await makeCategory(admin.client, { name: "Busy" });
    const kept = await makeDiscussion(member.client, category.categoryID, "Kept");
    const gone = await makeDiscussion(member.client, category.categoryID, "Gone");
    await makeComment(admin.client, kept.discussionID, "One");
    await makeComment(admin.client, kept.discussionID, "Two");
    expect((await admin.client.delete(`/api/v2/discussions/${gone.discussionID}`)).status).toBe(204);
    const response = await admin.client.get<ActivityDay[]>("/api/v2/dashboard/activity?days=7");
    expect(response.status).toBe(200);
    expect(response.body.map((day) => day.date)).toEqual(activityDates(7));
    const today = response.body.at(-1);
    expect(today).toMatchObject({ discussions: 1, comments: 2 });
    expect(today?.members).toBeGreaterThanOrEqual(2);
    expect(response.body.slice(0, -1).every((day) => day.discussions === 0 && day.comments === 0)).toBe(true);
  });

  it("counts pages served per day in batches: no write per page, the day's total after the flush", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const todayViews = async () =>
      (await admin.client.get<ActivityDay[]>("/api/v2/dashboard/activity?days=1")).body.at(-1)?.pageViews;
    const counter = pageViewCounterOf(testApp.context);
    await counter.flush();
    // A slow machine must not reach the batch's write while the pages below are served.
    counter.flushIntervalMs = 60_000;
    const before = await todayViews();
    const rowsBefore = await testApp.context.db.selectFrom("pageViewsDaily").selectAll().execute();
    const guest = testApp.guest();
    for (const path of ["/", "/categories", "/entry/signin", "/discussions"])
      expect((await guest.get(path)).status).toBe(200);
    // Not pages: API answers, missing pages, files.
    expect((await guest.get("/api/v2/categories")).status).toBe(200);
    expect((await guest.get("/no-such-page")).status).toBe(404);
    // Nothing is written while the views wait for the batch.
    expect(await testApp.context.db.selectFrom("pageViewsDaily").selectAll().execute()).toEqual(rowsBefore);
    expect(await todayViews()).toBe(before);
    await counter.flush();
    expect(await todayViews()).toBe((before ?? 0) + 4);
    counter.flushIntervalMs = PAGE_VIEW_FLUSH_INTERVAL_MS;
  });

  it("refuses members and bad ranges", async () => {
    const member = await forumClient(testApp);
    expect((await member.client.get("/api/v2/dashboard/activity")).status).toBe(403);
    expect((await member.client.get("/api/v2/dashboard/health")).status).toBe(403);
    const admin = await forumClient(testApp, { role: "Administrator" });
    expect((await admin.client.get("/api/v2/dashboard/activity?days=0")).status).toBe(422);
    expect((await admin.client.get("/api/v2/dashboard/activity?days=9999")).status).toBe(422);
  });

  it("reports the data directory's disk and the newest backup", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const before = await admin.client.get<SiteHealth>("/api/v2/dashboard/health");
    expect(before.status).toBe(200);
    expect(before.body.diskTotalBytes).toBeGreaterThan(0);
    expect(before.body.diskFreeBytes).toBeGreaterThan(0);
    // (Test apps share one data directory, so a backup another test made may already be there.)
    // (SQLite: the online backup API; PostgreSQL backups depend on pg_dump, tested with the backups.)
    if (dialect !== "sqlite") return;
    const made = await admin.client.post<{ fileName: string }>("/api/v2/dashboard/backups", {});
    expect(made.status).toBe(201);
    const after = await admin.client.get<SiteHealth>("/api/v2/dashboard/health");
    expect(after.body.lastBackup?.fileName).toBe(made.body.fileName);
  });
});
