import type { Invitation, InvitationPostResult } from "@forum/api/invitations";
import type { Me } from "@forum/api/users";
import { createTestUser, signedInClient, type TestUser } from "@library/server/testing/factories";
import { countRows, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import {
  createDashboardTestApp,
  latestMailTo,
  roleNamesOf,
  writeSettings,
} from "../testing/dashboardTesting";

const PASSWORD = "a long enough password";

async function invitationCount(testApp: TestApp): Promise<number> {
  const row = await testApp.context.db
    .selectFrom("invitations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The code in the link of the newest invitation mailed to an address. */
async function mailedCode(testApp: TestApp, email: string): Promise<string> {
  const body = (await latestMailTo(testApp.context, email))?.bodyText ?? "";
  const match = /\/entry\/register\?invitationCode=([A-Za-z0-9_-]+)/.exec(body);
  if (!match?.[1]) throw new Error(`No invitation link in: ${body}`);
  return match[1];
}

describe.each(testDialects)("invitations on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    admin = await signedInClient(testApp, { role: "Administrator" });
    member = await signedInClient(testApp);
    // The origin an administrator first uses becomes the site's (mail links never follow later Host headers).
    await admin.client.get("/api/v2/users/me");
  });
  afterAll(async () => {
    await testApp.close();
  });
  afterEach(async () => {
    await writeSettings(testApp.context, { "registration.method": "basic", isConfirmEmailRequired: false });
  });

  it("mails one invitation per new address, with a link from the site's origin, and skips members and the invited", async () => {
    const existing = await createTestUser(testApp.context, { email: "already@example.com" });
    const sent = await admin.client.post<InvitationPostResult>(
      "/api/v2/invitations",
      {
        emails: ["Friend@Example.com", "friend@example.com ", existing.email],
        message: "Come and talk about seeds.",
      },
      { host: "evil.example", referer: "http://evil.example/" },
    );
    expect(sent.status).toBe(201);
    expect(sent.body.invitations).toEqual([
      expect.objectContaining({
        email: "friend@example.com",
        status: "pending",
        insertUser: expect.objectContaining({ name: admin.user.name }),
        acceptedUser: null,
      }),
    ]);
    expect(sent.body.skipped).toEqual([{ email: "already@example.com", reason: "member" }]);
    const mail = await latestMailTo(testApp.context, "friend@example.com");
    expect(mail?.subject).toBe("You are invited to join Community");
    expect(mail?.bodyText).toContain("Come and talk about seeds.");
    expect(mail?.bodyText).toContain("http://localhost:80/entry/register?invitationCode=");
    expect(mail?.bodyText).not.toContain("evil.example");

    const again = await admin.client.post<InvitationPostResult>("/api/v2/invitations", {
      emails: ["friend@example.com"],
    });
    expect(again.body).toEqual({
      invitations: [],
      skipped: [{ email: "friend@example.com", reason: "invited" }],
    });

    const list = await admin.client.get<Invitation[]>("/api/v2/invitations?status=pending");
    expect(list.status).toBe(200);
    expect(list.body.map((invitation) => invitation.email)).toContain("friend@example.com");
    expect(list.headers["x-app-page-current"]).toBe("1");
  });

  it("refuses members, guests and bad input, writing nothing", async () => {
    const before = {
      invitations: await invitationCount(testApp),
      mail: await countRows(testApp.context, "mailOutbox"),
    };
    expect((await member.client.post("/api/v2/invitations", { emails: ["x@example.com"] })).status).toBe(403);
    expect((await testApp.guest().post("/api/v2/invitations", { emails: ["x@example.com"] })).status).toBe(
      403,
    );
    expect((await member.client.get("/api/v2/invitations")).status).toBe(403);
    expect((await member.client.delete("/api/v2/invitations/1")).status).toBe(403);
    expect((await admin.client.post("/api/v2/invitations", { emails: [] })).status).toBe(422);
    const malformed = await admin.client.post("/api/v2/invitations", {
      emails: ["good@example.com", "not an address"],
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body).toMatchObject({ errors: [{ field: "emails.1", code: "format" }] });
    expect((await admin.client.get("/api/v2/invitations?status=lost")).status).toBe(422);
    expect({
      invitations: await invitationCount(testApp),
      mail: await countRows(testApp.context, "mailOutbox"),
    }).toEqual(before);
  });

  it("with the invitation method, registers only with a pending invitation's code, once", async () => {
    await writeSettings(testApp.context, {
      "registration.method": "invitation",
      isConfirmEmailRequired: true,
    });
    await admin.client.post("/api/v2/invitations", { emails: ["guest.one@example.com"] });
    const code = await mailedCode(testApp, "guest.one@example.com");
    const body = { name: "Guest One", email: "guest.one@example.com", password: PASSWORD };

    const usersBefore = await countRows(testApp.context, "users");
    expect((await testApp.guest().post("/api/v2/users/register", body)).status).toBe(403);
    const wrong = await testApp.guest().post("/api/v2/users/register", { ...body, invitationCode: "nope" });
    expect(wrong.body).toMatchObject({
      status: 403,
      message: "This invitation is not valid or has expired.",
    });
    expect(await countRows(testApp.context, "users")).toBe(usersBefore);

    const client = testApp.guest();
    const registered = await client.post<{ userID: number }>("/api/v2/users/register", {
      ...body,
      invitationCode: code,
    });
    expect(registered.status).toBe(201);
    // The invited address received the link, so it counts as confirmed.
    expect((await client.get<Me>("/api/v2/users/me")).body).toMatchObject({
      name: "Guest One",
      emailConfirmed: true,
    });
    expect(await roleNamesOf(testApp.context, registered.body.userID)).toEqual(["Member"]);
    const user = await admin.client.get<{ inviteUserID: number | null }>(
      `/api/v2/users/${registered.body.userID}`,
    );
    expect(user.body.inviteUserID).toBe(admin.user.userID);

    const reused = await testApp.guest().post("/api/v2/users/register", {
      name: "Guest Two",
      email: "guest.two@example.com",
      password: PASSWORD,
      invitationCode: code,
    });
    expect(reused.status).toBe(403);
    const accepted = await admin.client.get<Invitation[]>("/api/v2/invitations?status=accepted");
    expect(accepted.body.find((invitation) => invitation.email === "guest.one@example.com")).toMatchObject({
      status: "accepted",
      acceptedUser: expect.objectContaining({ name: "Guest One" }),
    });
  });

  it("a registration refused for its fields leaves the invitation usable", async () => {
    await writeSettings(testApp.context, { "registration.method": "invitation" });
    await admin.client.post("/api/v2/invitations", { emails: ["retry@example.com"] });
    const code = await mailedCode(testApp, "retry@example.com");
    const taken = await testApp.guest().post("/api/v2/users/register", {
      name: member.user.name,
      email: "retry@example.com",
      password: PASSWORD,
      invitationCode: code,
    });
    expect(taken.status).toBe(422);
    const retried = await testApp.guest().post("/api/v2/users/register", {
      name: "Retried Name",
      email: "retry@example.com",
      password: PASSWORD,
      invitationCode: code,
    });
    expect(retried.status).toBe(201);
  });

  it("revokes a pending invitation so its link stops working; a used one stays; expired ones are marked", async () => {
    await writeSettings(testApp.context, { "registration.method": "invitation" });
    const sent = await admin.client.post<InvitationPostResult>("/api/v2/invitations", {
      emails: ["revoked@example.com", "late@example.com"],
    });
    const [revoked, late] = sent.body.invitations;
    if (!revoked || !late) throw new Error("Two invitations expected.");
    const code = await mailedCode(testApp, "revoked@example.com");
    expect((await admin.client.delete(`/api/v2/invitations/${revoked.invitationID}`)).status).toBe(204);
    expect((await admin.client.delete(`/api/v2/invitations/${revoked.invitationID}`)).status).toBe(404);
    const attempt = await testApp.guest().post("/api/v2/users/register", {
      name: "Revoked",
      email: "revoked@example.com",
      password: PASSWORD,
      invitationCode: code,
    });
    expect(attempt.status).toBe(403);

    await testApp.context.db
      .updateTable("invitations")
      .set({ dateExpires: "2020-01-01T00:00:00.000Z" })
      .where("invitationID", "=", late.invitationID)
      .execute();
    const lateCode = await mailedCode(testApp, "late@example.com");
    const expiredAttempt = await testApp.guest().post("/api/v2/users/register", {
      name: "Late",
      email: "late@example.com",
      password: PASSWORD,
      invitationCode: lateCode,
    });
    expect(expiredAttempt.status).toBe(403);
    const expired = await admin.client.get<Invitation[]>("/api/v2/invitations?status=expired");
    expect(expired.body.map((invitation) => invitation.email)).toEqual(["late@example.com"]);

    const accepted = await admin.client.get<Invitation[]>("/api/v2/invitations?status=accepted");
    const used = accepted.body[0];
    if (!used) throw new Error("An accepted invitation expected.");
    const refused = await admin.client.delete(`/api/v2/invitations/${used.invitationID}`);
    expect(refused.body).toMatchObject({
      status: 409,
      message: "This invitation has been used and cannot be revoked.",
    });
  });

  it("records the administrator's invitations in the audit log", async () => {
    await admin.client.post("/api/v2/invitations", { emails: ["audited@example.com"] });
    const row = await testApp.context.db
      .selectFrom("auditLog")
      .select(["eventType", "userID"])
      .where("eventType", "=", "invitations.post")
      .orderBy("auditLogID", "desc")
      .executeTakeFirst();
    expect(row).toEqual({ eventType: "invitations.post", userID: admin.user.userID });
  });

  it("the registration page fills in the invited address and carries the code", async () => {
    await admin.client.post("/api/v2/invitations", { emails: ["page@example.com"] });
    const code = await mailedCode(testApp, "page@example.com");
    const page = await testApp.guest().get(`/entry/register?invitationCode=${code}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('value="page@example.com"');
    expect(page.text).toContain(`name="invitationCode" value="${code}"`);
    const bad = await testApp.guest().get("/entry/register?invitationCode=unknown");
    expect(bad.text).toContain("This invitation is not valid or has expired.");
  });
});
