import type {
  AuditLogEntry,
  DashboardBootstrap,
  DashboardSection,
  Job,
  MailOutboxItem,
} from "@forum/api/dashboard";
import { serverApplications } from "@applications/serverApplications";
import { DEFAULT_PLUGINS_DIR, discoverAddons, parseManifest } from "@library/server/addons/addonManifest";
import { defineAddon } from "@library/server/addons/defineAddon";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

/** Whether the add-on's job succeeds (the "fix" an admin makes before retrying a dead job). */
let flakyJobWorks = false;
const flakyJobRuns: number[] = [];

/** An add-on that contributes a dashboard section (shown only while the add-on runs) and a job that can fail. */
const reportsAddon = defineAddon({
  key: "reportsdemo",
  register(registrar) {
    registrar.job<{ n: number }>("reportsdemo.flaky", async (payload) => {
      flakyJobRuns.push(payload.n);
      if (!flakyJobWorks) throw new Error("The report service is down.");
    });
    registrar.dashboardSection({
      key: "reportsdemo",
      path: "reports-demo",
      label: "Reports Demo",
      group: "Moderation",
      component: "ReportsDemoSection",
      permission: "community.moderate",
      sort: 40,
    });
  },
});

const packages = () => [
  ...discoverAddons(DEFAULT_PLUGINS_DIR),
  {
    manifest: parseManifest({ key: "reportsdemo", name: "Reports demo", defaultEnabled: true }),
    load: () => reportsAddon,
  },
];

function embeddedBootstrap(page: string): DashboardBootstrap {
  const match = /<script type="application\/json" id="dashboard-bootstrap">(.*?)<\/script>/s.exec(page);
  if (!match?.[1]) throw new Error("The dashboard page embeds no bootstrap.");
  return JSON.parse(match[1]) as DashboardBootstrap;
}

/** The dashboard shell: its page, its sections and the mail outbox, jobs and audit log sections' API. */
describe.each(testDialects)("dashboard shell (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let moderator: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, {}, { addons: packages() });
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    moderator = (await sessionClient(testApp, { role: "Moderator" })).client;
    member = (await sessionClient(testApp)).client;
  });
  afterAll(() => testApp.close());

  it("serves /dashboard and its sub-paths with the dashboard bundle to those who may open a section", async () => {
    const guest = await testApp.guest().get("/dashboard/addons");
    expect(guest.status).toBe(302);
    expect(guest.headers.location).toBe("/entry/signin?Target=%2Fdashboard%2Faddons");
    expect((await member.get("/dashboard")).status).toBe(403);
    expect((await member.get("/dashboard")).text).toContain("Permission Problem");

    for (const path of ["/dashboard", "/dashboard/addons", "/dashboard/jobs?status=dead"]) {
      const page = await admin.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="app" class="app dashboardApp"></div>');
      const bootstrap = embeddedBootstrap(page.text);
      expect(bootstrap.dialect).toBe(dialect);
      expect(bootstrap.sections.map((section) => section.key)).toEqual([
        "home",
        "addons",
        "themes",
        "navigation",
        "settings-general",
        "settings-registration",
        "settings-posting",
        "settings-email",
        "settings-security",
        "locales",
        "categories",
        "translationServices",
        "tags",
        "members",
        "invitations",
        "roles",
        "ranks",
        "reportsdemo",
        "moderation-queue",
        "audit-log",
        "layouts",
        "mail",
        "backups",
        "jobs",
      ]);
    }
    // A moderator opens only the sections their permission allows, starting at the first of them.
    const start = await moderator.get("/dashboard");
    expect(start.status).toBe(302);
    expect(start.headers.location).toBe("/dashboard/reports-demo");
    const queue = await moderator.get("/dashboard/content/reports");
    expect(queue.status).toBe(200);
    const forModerator = embeddedBootstrap(queue.text);
    expect(forModerator.sections.map((section) => section.key)).toEqual(["reportsdemo", "moderation-queue"]);
  });

  it("answers a section the viewer may not use with the permission page, and an unknown path with 404", async () => {
    for (const path of ["/dashboard/roles", "/dashboard/members/12", "/dashboard/settings/email"]) {
      const refused = await moderator.get(path);
      expect([path, refused.status]).toEqual([path, 403]);
      expect(refused.text).toContain("Permission Problem");
      expect(refused.text).not.toContain('<div id="app" class="app dashboardApp">');
    }
    const unknown = await admin.get("/dashboard/no-such-section");
    expect(unknown.status).toBe(404);
    expect(unknown.text).not.toContain('<div id="app" class="app dashboardApp">');
    expect((await admin.get("/dashboard/members/12")).status).toBe(200);
  });

  it("lists the sections a viewer may open, and drops an add-on's section while it is off", async () => {
    expect((await testApp.guest().get("/api/v2/dashboard/sections")).status).toBe(403);
    expect((await member.get<DashboardSection[]>("/api/v2/dashboard/sections")).body).toEqual([]);
    const sections = await admin.get<DashboardSection[]>("/api/v2/dashboard/sections");
    expect(sections.body.find((section) => section.key === "addons")).toEqual({
      key: "addons",
      path: "addons",
      label: "Addons",
      group: "Site",
      component: "AddonsSection",
    });

    expect((await admin.patch("/api/v2/addons/reportsdemo", { enabled: false })).status).toBe(200);
    const without = await admin.get<DashboardSection[]>("/api/v2/dashboard/sections");
    expect(without.body.map((section) => section.key)).not.toContain("reportsdemo");
    const moderatorKeys = async () =>
      (await moderator.get<DashboardSection[]>("/api/v2/dashboard/sections")).body.map(
        (section) => section.key,
      );
    expect(await moderatorKeys()).toEqual(["moderation-queue"]);
    expect((await admin.patch("/api/v2/addons/reportsdemo", { enabled: true })).status).toBe(200);
    expect(await moderatorKeys()).toEqual(["reportsdemo", "moderation-queue"]);
  });

  it("shows the mail outbox, newest first and paged, so a reset link can be read without SMTP", async () => {
    const request = await testApp
      .guest()
      .post("/api/v2/users/request-password", { email: "nobody@example.com" });
    expect(request.status).toBeLessThan(300);
    const { user } = await sessionClient(testApp, { email: "reset-me@example.com" });
    await testApp.guest().post("/api/v2/users/request-password", { email: "reset-me@example.com" });
    await testApp.guest().post("/api/v2/users/request-password", { email: user.name });

    expect((await member.get("/api/v2/mail-outbox")).status).toBe(403);
    const outbox = await admin.get<MailOutboxItem[]>("/api/v2/mail-outbox?limit=1");
    expect(outbox.status).toBe(200);
    expect(outbox.body).toHaveLength(1);
    expect(outbox.body[0]).toMatchObject({ to: "reset-me@example.com" });
    expect(outbox.body[0]?.bodyText).toMatch(/\/entry\/passwordreset\//);
    expect(Number(outbox.headers["x-app-page-result-count"])).toBeGreaterThanOrEqual(2);
    expect(outbox.headers["x-app-page-next-url"]).toMatch(/\/api\/v2\/mail-outbox\?limit=1&page=2$/);
  });

  it("lists jobs with their counts and retries a dead one", async () => {
    flakyJobWorks = false;
    flakyJobRuns.length = 0;
    const now = new Date().toISOString();
    const dead = await testApp.context.db
      .insertInto("jobs")
      .values({
        name: "reportsdemo.flaky",
        owner: "reportsdemo",
        payload: JSON.stringify({ n: 7 }),
        status: "dead",
        attempts: 5,
        maxAttempts: 5,
        runAt: now,
        lockedBy: null,
        lockedUntil: null,
        lastError: "The report service is down.",
        uniqueKey: null,
        dateInserted: now,
        dateUpdated: now,
        dateCompleted: null,
      })
      .returning("jobID")
      .executeTakeFirstOrThrow();

    expect((await member.get("/api/v2/jobs")).status).toBe(403);
    const deadJobs = await admin.get<Job[]>("/api/v2/jobs?status=dead");
    expect(deadJobs.body.map((job) => job.jobID)).toEqual([dead.jobID]);
    expect(deadJobs.body[0]).toMatchObject({ status: "dead", lastError: "The report service is down." });
    expect((await admin.get<Record<string, number>>("/api/v2/jobs/counts")).body.dead).toBe(1);

    expect((await member.post(`/api/v2/jobs/${dead.jobID}/retry`)).status).toBe(403);
    flakyJobWorks = true;
    expect((await admin.post(`/api/v2/jobs/${dead.jobID}/retry`)).status).toBe(204);
    const retried = await testApp.context.db
      .selectFrom("jobs")
      .select(["status", "attempts"])
      .where("jobID", "=", dead.jobID)
      .executeTakeFirstOrThrow();
    // The retried job ran again at once with fresh attempts (the test client drains the queue after a request).
    expect(retried).toEqual({ status: "done", attempts: 1 });
    expect(flakyJobRuns).toEqual([7]);
    expect((await admin.post(`/api/v2/jobs/${dead.jobID}/retry`)).status).toBeGreaterThanOrEqual(400);
    expect((await admin.post("/api/v2/jobs/999999/retry")).status).toBe(404);
  });

  it("records every successful staff write in the audit log, with the page context the client sends", async () => {
    const created = await admin.post(
      "/api/v2/categories",
      { name: "Audited", urlcode: "audited" },
      {
        "x-parent-audit-log-id": "page-1",
        "x-parent-audit-log-request-path": "/dashboard/categories",
        "x-parent-audit-log-request-method": "GET",
      },
    );
    expect(created.status).toBe(201);
    const refused = await member.post("/api/v2/categories", { name: "Nope", urlcode: "nope" });
    expect(refused.status).toBe(403);

    expect((await member.get("/api/v2/audit-logs")).status).toBe(403);
    const log = await admin.get<AuditLogEntry[]>("/api/v2/audit-logs?eventType=categories.post");
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({
      method: "POST",
      path: "/api/v2/categories",
      status: 201,
      parentAuditLogID: "page-1",
      requestPath: "/dashboard/categories",
    });
    expect(log.body[0]?.userName).toEqual(expect.any(String));

    const patched = await admin.patch(
      `/api/v2/categories/${(created.body as { categoryID: number }).categoryID}`,
      {
        description: "Now audited",
      },
    );
    expect(patched.status).toBe(200);
    const forCategories = await admin.get<AuditLogEntry[]>("/api/v2/audit-logs?recordType=category");
    expect(forCategories.body.map((entry) => entry.eventType)).toEqual([
      "categories.patch",
      "categories.post",
    ]);
    expect(forCategories.body[0]).toMatchObject({
      eventType: "categories.patch",
      recordType: "category",
      recordID: (created.body as { categoryID: number }).categoryID,
    });
  });

  it("says what changed: the record by name, settings old → new, roles as lists; filters by actor, action and date", async () => {
    const category = await admin.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Before Rename",
      urlcode: "before-rename",
    });
    await admin.patch(`/api/v2/categories/${category.body.categoryID}`, { name: "After Rename" });
    const renamed = await admin.get<AuditLogEntry[]>("/api/v2/audit-logs?eventType=categories.patch&limit=1");
    expect(renamed.body[0]).toMatchObject({
      recordName: "After Rename",
      changes: [{ field: "name", before: "Before Rename", after: "After Rename" }],
    });

    await admin.patch("/api/v2/config", {
      "garden.title": "Audited Title",
      "email.smtp.password": "secret!",
    });
    const settings = await admin.get<AuditLogEntry[]>("/api/v2/audit-logs?eventType=config.patch&limit=1");
    expect(settings.body[0]?.changes).toEqual([
      { field: "garden.title", before: "Community", after: "Audited Title" },
      { field: "email.smtp.password", before: "", after: "••••" },
    ]);

    const promoted = await sessionClient(testApp);
    const roles = await testApp.context.db.selectFrom("roles").select(["roleID", "name"]).execute();
    const roleID = (name: string) => roles.find((role) => role.name === name)?.roleID ?? 0;
    expect(
      (
        await admin.patch(`/api/v2/users/${promoted.user.userID}`, {
          roleID: [roleID("Member"), roleID("Moderator")],
        })
      ).status,
    ).toBe(200);
    const roleChange = await admin.get<AuditLogEntry[]>("/api/v2/audit-logs?eventType=users.patch&limit=1");
    expect(roleChange.body[0]).toMatchObject({
      recordName: promoted.user.name,
      changes: [{ field: "roles", before: "Member", after: "Member, Moderator" }],
    });

    const adminName = roleChange.body[0]?.userName ?? "";
    const byActor = await admin.get<AuditLogEntry[]>(
      `/api/v2/audit-logs?actor=${encodeURIComponent(adminName)}`,
    );
    expect(byActor.body.length).toBeGreaterThanOrEqual(3);
    expect(byActor.body.every((entry) => entry.userName === adminName)).toBe(true);
    expect((await admin.get<AuditLogEntry[]>("/api/v2/audit-logs?actor=nobody-at-all")).body).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await admin.get<AuditLogEntry[]>(`/api/v2/audit-logs?dateFrom=${today}&dateTo=${today}`);
    expect(todays.body.length).toBeGreaterThanOrEqual(3);
    expect((await admin.get<AuditLogEntry[]>("/api/v2/audit-logs?dateTo=2000-01-01")).body).toEqual([]);
    expect((await admin.get("/api/v2/audit-logs?dateFrom=yesterday")).status).toBe(422);
  });
});
