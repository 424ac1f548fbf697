import type { AuditLogEntry } from "@forum/api/dashboard";
import type { SiteSettingsGroup, TestEmailResult } from "@forum/api/siteSettings";
import { signedInClient, type TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp, latestMailTo } from "../testing/dashboardTesting";

describe.each(testDialects)("site settings screens on %s", (dialect) => {
  let testApp: TestApp;
  let member: { client: TestClient; user: TestUser };
  let manager: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    member = await signedInClient(testApp, { name: "Settings Member" });
    manager = await signedInClient(testApp, { name: "Settings Manager", role: "Site Manager" });
    admin = await signedInClient(testApp, { name: "Settings Admin", role: "Administrator" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const group = (client: TestClient, key: string) =>
    client.get<SiteSettingsGroup>(`/api/v2/dashboard/settings/${key}`);

  it("describes each group's declared settings with labels, help, control types and bounds", async () => {
    const general = await group(admin.client, "general");
    expect(general.status).toBe(200);
    expect(general.body.label).toBe("General");
    const title = general.body.fields.find((field) => field.key === "garden.title");
    expect(title).toEqual({
      key: "garden.title",
      type: "string",
      label: "Site title",
      description: "The name of the site, in the title bar and page titles.",
      default: "Community",
      required: true,
      maxLength: 100,
    });
    expect(general.body.fields.find((field) => field.key === "garden.description")).toMatchObject({
      type: "text",
      maxLength: 350,
      required: false,
    });
    expect(general.body.fields.find((field) => field.key === "branding.logo")).toMatchObject({
      type: "string",
      label: "Logo",
      upload: true,
      maxLength: 500,
    });

    const registration = await group(admin.client, "registration");
    expect(registration.body.fields[0]).toMatchObject({
      key: "registration.method",
      type: "enum",
      default: "basic",
      options: [
        { value: "basic", label: "Basic: anyone can register" },
        { value: "captcha", label: "Captcha: register after a captcha" },
        { value: "approval", label: "Approval: an administrator approves each applicant" },
        { value: "invitation", label: "Invitation: only invited people can register" },
      ],
    });

    const posting = await group(admin.client, "posting");
    expect(posting.body.fields.find((field) => field.key === "ui.editContentTimeout")).toMatchObject({
      type: "integer",
      minimum: -1,
      required: true,
    });

    const security = await group(admin.client, "security");
    const rateLimits = security.body.fields.filter((field) => field.key.startsWith("rateLimits."));
    expect(rateLimits.length).toBeGreaterThan(0);
    expect(rateLimits[0]).toMatchObject({ type: "integer", minimum: 0, maximum: 100000 });
    expect(rateLimits[0]?.label).toMatch(/^Rate limit: /);

    const email = await group(admin.client, "email");
    expect(email.body.fields.find((field) => field.key === "email.smtp.password")).toMatchObject({
      type: "string",
      secret: true,
    });
  });

  it("opens only for managers, shows each only what they may write; an unknown group is 422", async () => {
    expect((await group(member.client, "general")).status).toBe(403);
    expect((await group(testApp.guest(), "general")).status).toBe(403);
    expect((await group(admin.client, "appearance")).status).toBe(422);
    const managerGeneral = await group(manager.client, "general");
    expect(managerGeneral.status).toBe(200);
    const adminGeneral = await group(admin.client, "general");
    const managerKeys = managerGeneral.body.fields.map((field) => field.key);
    expect(managerKeys).toContain("garden.title");
    expect(adminGeneral.body.fields.map((field) => field.key)).toContain("garden.locale");
  });

  it("saves through PATCH /config: bad values are 422 by field and nothing of the patch is written", async () => {
    const bad = await admin.client.patch("/api/v2/config", {
      "garden.title": "Renamed Forum",
      "registration.method": "lottery",
      "email.smtp.port": 70000,
    });
    expect(bad.status).toBe(422);
    const errors = (bad.body as { errors: Array<{ field: string; message: string }> }).errors;
    expect(Object.fromEntries(errors.map((error) => [error.field, error.message]))).toEqual({
      "email.smtp.port": "Enter a number of at most 65535.",
      "registration.method": "This value is not one of the allowed ones.",
    });
    const empty = await admin.client.patch("/api/v2/config", {
      "garden.title": "",
      "garden.description": "x".repeat(351),
    });
    expect((empty.body as { errors: Array<{ field: string; message: string }> }).errors).toEqual([
      expect.objectContaining({ field: "garden.title", message: "This cannot be empty." }),
      expect.objectContaining({ field: "garden.description", message: "Enter at most 350 characters." }),
    ]);
    const unchanged = await admin.client.get("/api/v2/config?select=garden.title,registration.method");
    expect(unchanged.body).toEqual({ "garden.title": "Community", "registration.method": "basic" });

    const good = await admin.client.patch("/api/v2/config", {
      "garden.title": "Renamed Forum",
      "registration.method": "approval",
      "email.smtp.password": "hunter2",
    });
    expect(good.status).toBe(204);
    const read = await admin.client.get<Record<string, unknown>>("/api/v2/config?select=garden.*,email.*");
    expect(read.body["garden.title"]).toBe("Renamed Forum");
    expect(read.body).not.toHaveProperty("email.smtp.password");
    const log = await admin.client.get<AuditLogEntry[]>("/api/v2/audit-logs?eventType=config.patch");
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ method: "PATCH", status: 204, userID: admin.user.userID });
  });

  it("sends a test email into the outbox, or through SMTP once a host is set, and audits it", async () => {
    expect((await member.client.post("/api/v2/dashboard/settings/test-email", {})).status).toBe(403);
    expect(
      (await admin.client.post("/api/v2/dashboard/settings/test-email", { to: "not an address" })).status,
    ).toBe(422);

    const sent = await admin.client.post<TestEmailResult>("/api/v2/dashboard/settings/test-email", {});
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ to: admin.user.email, delivery: "outbox" });
    const mail = await latestMailTo(testApp.context, admin.user.email);
    expect(mail?.subject).toBe("Test email from Renamed Forum");

    expect(
      (
        await admin.client.patch("/api/v2/config", {
          "email.smtp.host": "smtp.example.test",
          "email.smtp.port": 2525,
        })
      ).status,
    ).toBe(204);
    const viaSmtp = await admin.client.post<TestEmailResult>("/api/v2/dashboard/settings/test-email", {
      to: "someone@example.test",
    });
    expect(viaSmtp.body).toMatchObject({ to: "someone@example.test", delivery: "smtp" });
    const job = await testApp.context.db
      .selectFrom("jobs")
      .select(["name", "payload"])
      .where("name", "=", "mail.send")
      .execute();
    expect(job.map((row) => JSON.parse(row.payload) as unknown)).toContainEqual({
      mailID: viaSmtp.body.mailID,
    });

    const log = await admin.client.get<AuditLogEntry[]>("/api/v2/audit-logs?recordType=dashboard");
    expect(log.body.map((entry) => entry.path)).toContain("/api/v2/dashboard/settings/test-email");
  });
});
