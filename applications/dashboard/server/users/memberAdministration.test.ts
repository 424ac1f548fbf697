import type { BanResult, User } from "@forum/api/users";
import {
  createTestUser,
  roleIDByName,
  signedInClient,
  type TestUser,
} from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { LAST_ADMINISTRATOR_MESSAGE } from "../roles/administratorGuard";
import {
  createDashboardTestApp,
  latestMailTo,
  roleNamesOf,
  writeSettings,
} from "../testing/dashboardTesting";
import { NOT_AN_APPLICANT_MESSAGE } from "./applicantApproval";
import { UNBAN_JOB } from "./userBans";

describe.each(testDialects)("member administration on %s", (dialect) => {
  let testApp: TestApp;
  let moderator: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    moderator = await signedInClient(testApp, { name: "Admin Moderator", role: "Moderator" });
    admin = await signedInClient(testApp, { name: "Members Admin", role: "Administrator" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const banRow = (userID: number) =>
    testApp.context.db.selectFrom("userBans").selectAll().where("userID", "=", userID).executeTakeFirst();

  it("bans with a reason for a number of days, ends the member's sessions, and lifts the ban when the time is up", async () => {
    const target = await signedInClient(testApp, { name: "Timed Ban" });
    const banned = await moderator.client.put<BanResult>(`/api/v2/users/${target.user.userID}/ban`, {
      banned: true,
      reason: "  Spamming links  ",
      days: 3,
    });
    expect(banned.status).toBe(200);
    expect(banned.body.reason).toBe("Spamming links");
    const expires = Date.parse(banned.body.dateExpires ?? "");
    expect(Math.abs(expires - (Date.now() + 3 * 86_400_000))).toBeLessThan(60_000);
    expect(await banRow(target.user.userID)).toMatchObject({
      reason: "Spamming links",
      insertUserID: moderator.user.userID,
    });
    expect((await target.client.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(0);

    // The unban job waits for the end of the ban; run it as if the time had come.
    await testApp.context.db
      .updateTable("jobs")
      .set({ runAt: "2000-01-01T00:00:00.000Z" })
      .where("name", "=", UNBAN_JOB)
      .execute();
    await testApp.context.jobs.drain();
    expect((await admin.client.get<User>(`/api/v2/users/${target.user.userID}`)).body.banned).toBe(0);
    expect(await banRow(target.user.userID)).toBeUndefined();
  });

  it("keeps a renewed or lifted ban as it is when an older timed ban's job runs; refuses bad input", async () => {
    const target = await createTestUser(testApp.context, { name: "Renewed Ban" });
    const path = `/api/v2/users/${target.userID}/ban`;
    expect((await admin.client.put(path, { banned: true, days: 1 })).status).toBe(200);
    const permanent = await admin.client.put<BanResult>(path, { banned: true, reason: "For good" });
    expect(permanent.body).toEqual({ banned: true, reason: "For good" });
    await testApp.context.db
      .updateTable("jobs")
      .set({ runAt: "2000-01-01T00:00:00.000Z" })
      .where("name", "=", UNBAN_JOB)
      .execute();
    await testApp.context.jobs.drain();
    expect((await admin.client.get<User>(`/api/v2/users/${target.userID}`)).body.banned).toBe(1);

    expect((await admin.client.put(path, { banned: true, days: 0 })).status).toBe(422);
    expect((await admin.client.put(path, { banned: true, reason: "x".repeat(501) })).status).toBe(422);
    const member = await signedInClient(testApp, { name: "Not A Moderator" });
    expect((await member.client.put(path, { banned: false })).status).toBe(403);
    expect((await admin.client.get<User>(`/api/v2/users/${target.userID}`)).body.banned).toBe(1);

    const lifted = await admin.client.put<BanResult>(path, { banned: false, reason: "ignored" });
    expect(lifted.body).toEqual({ banned: false });
    expect(await banRow(target.userID)).toBeUndefined();
  });

  it("approves an applicant into the member role and mails them; others are refused", async () => {
    await writeSettings(testApp.context, { "registration.method": "approval" });
    const registered = await testApp.guest().post("/api/v2/users/register", {
      name: "Hopeful",
      email: "hopeful@example.test",
      password: "a long password here",
    });
    expect(registered.status).toBe(202);
    const applicant = await testApp.context.db
      .selectFrom("users")
      .select("userID")
      .where("name", "=", "Hopeful")
      .executeTakeFirstOrThrow();
    expect(await roleNamesOf(testApp.context, applicant.userID)).toEqual(["Applicant"]);

    expect((await moderator.client.post(`/api/v2/users/${applicant.userID}/approve`)).status).toBe(403);
    const approved = await admin.client.post<User>(`/api/v2/users/${applicant.userID}/approve`);
    expect(approved.status).toBe(200);
    expect(await roleNamesOf(testApp.context, applicant.userID)).toEqual(["Member"]);
    expect((await latestMailTo(testApp.context, "hopeful@example.test"))?.subject).toBe(
      "Your membership of Community was approved",
    );
    const again = await admin.client.post(`/api/v2/users/${applicant.userID}/approve`);
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toBe(NOT_AN_APPLICANT_MESSAGE);
    expect((await admin.client.post("/api/v2/users/999999/approve")).status).toBe(404);
    await writeSettings(testApp.context, { "registration.method": "basic" });
  });

  it("never takes the roles of the last member who can manage the site, however they hold the power", async () => {
    // A second manager: the administrator may then lose the role, but not the last one.
    const second = await signedInClient(testApp, { name: "Second Admin", role: "Administrator" });
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    expect(
      (await second.client.patch(`/api/v2/users/${admin.user.userID}`, { roleID: [memberRoleID] })).status,
    ).toBe(200);
    const refused = await second.client.patch(`/api/v2/users/${second.user.userID}`, {
      roleID: [memberRoleID],
    });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(LAST_ADMINISTRATOR_MESSAGE);
    expect(await roleNamesOf(testApp.context, second.user.userID)).toEqual(["Administrator"]);

    // A site manager by grant (not the administrator role) who is the last one cannot be banned or deleted.
    const administratorRoleID = await roleIDByName(testApp.context, "Administrator");
    const keeper = await createTestUser(testApp.context, { name: "Grant Keeper", role: "Moderator" });
    const owners = await second.client.post<{ roleID: number }>("/api/v2/roles", {
      name: "Keepers",
      permissions: [
        {
          type: "global",
          id: null,
          permissions: { "site.manage": true, "users.delete": true, "users.edit": true },
        },
      ],
    });
    expect(
      (await second.client.patch(`/api/v2/users/${keeper.userID}`, { roleID: [owners.body.roleID] })).status,
    ).toBe(200);
    await testApp.context.db.deleteFrom("userRoles").where("roleID", "=", administratorRoleID).execute();
    testApp.context.grants.invalidate();
    const keeperClient = await signedInClient(testApp, { name: "Keeper Two", role: "Moderator" });
    await testApp.context.db
      .updateTable("userRoles")
      .set({ roleID: owners.body.roleID })
      .where("userID", "=", keeperClient.user.userID)
      .execute();
    testApp.context.grants.invalidate();

    // Two keepers: one may go; the other is then the last.
    expect(
      (await keeperClient.client.delete(`/api/v2/users/${keeper.userID}`, { deleteMethod: "keep" })).status,
    ).toBe(204);
    const self = await keeperClient.client.patch(`/api/v2/users/${keeperClient.user.userID}`, { roleID: [] });
    expect(self.status).toBe(409);
    expect((self.body as { message: string }).message).toBe(LAST_ADMINISTRATOR_MESSAGE);
    expect(await roleNamesOf(testApp.context, keeperClient.user.userID)).toEqual(["Keepers"]);
  });
});
