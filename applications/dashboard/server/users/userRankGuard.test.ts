import type { RecoveryCodes, TwoFactorSetup } from "@forum/api/twoFactor";
import { totpCode, totpStep } from "@library/server/auth/totp";
import { twoFactorState } from "@library/server/auth/twoFactor";
import { sessionClient, signedInClient } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp } from "../testing/dashboardTesting";
import { HIGHER_PERMISSIONS_MESSAGE } from "./userEditGuards";
import { isRankGuarded } from "./userRankGuard";

async function turnOnTwoFactor(client: TestClient): Promise<void> {
  const setup = await client.post<TwoFactorSetup>("/api/v2/users/me/two-factor/setup");
  const enabled = await client.post<RecoveryCodes>("/api/v2/users/me/two-factor/enable", {
    code: totpCode(setup.body.secret, totpStep()),
  });
  expect(enabled.status).toBe(200);
}

describe("which routes act on a user", () => {
  it("guards every pattern with a user id in it, unless the route says it does not act on the user", () => {
    expect(isRankGuarded("/api/v2/users/:id/two-factor", undefined)).toBe(true);
    expect(isRankGuarded("/api/v2/users/:id", undefined)).toBe(true);
    expect(isRankGuarded("/api/v2/comments/:id/reactions/:userID", undefined)).toBe(true);
    expect(isRankGuarded("/api/v2/users/:id", false)).toBe(false);
    expect(isRankGuarded("/api/v2/users/me/two-factor", undefined)).toBe(false);
    expect(isRankGuarded("/api/v2/discussions/:id", undefined)).toBe(false);
  });
});

describe.each(testDialects)("the rank rule on every route acting on another user (%s)", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
  });
  afterAll(() => testApp.close());

  const twoFactorOn = async (userID: number) => (await twoFactorState(testApp.context.db, userID)).enabled;

  const sessionsOf = async (userID: number) =>
    (
      await testApp.context.db
        .selectFrom("sessions")
        .select("sessionID")
        .where("userID", "=", userID)
        .execute()
    ).length;

  it("keeps a site manager from the administrator's two-factor, sessions, export and account", async () => {
    const admin = await signedInClient(testApp, { role: "Administrator" });
    await turnOnTwoFactor(admin.client);
    const manager = await sessionClient(testApp, { role: "Site Manager" });
    const adminID = admin.user.userID;
    const attempts: ["GET" | "PATCH" | "PUT" | "DELETE" | "POST", string, unknown?][] = [
      ["DELETE", `/api/v2/users/${adminID}/two-factor`],
      ["GET", `/api/v2/users/${adminID}/export`],
      ["GET", `/api/v2/users/${adminID}/sessions`],
      ["DELETE", `/api/v2/users/${adminID}/sessions`],
      ["GET", `/api/v2/users/${adminID}/permissions`],
      ["PATCH", `/api/v2/users/${adminID}`, { name: "Taken Over" }],
      // A bad body is refused for rank first: nothing about the target is checked for someone who may not act.
      ["PATCH", `/api/v2/users/${adminID}`, { name: ["not", "a", "name"] }],
      ["PUT", `/api/v2/users/${adminID}/ban`, { banned: true }],
      ["POST", `/api/v2/users/${adminID}/warnings`, { reason: "Rank" }],
      // The id as the route's validation would coerce it.
      ["DELETE", `/api/v2/users/0x${adminID.toString(16)}/two-factor`],
      ["GET", `/api/v2/users/+${adminID}/export`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await manager.client.request(method, url, body);
      expect({ method, url, status: response.status, body: response.body }).toEqual({
        method,
        url,
        status: 403,
        body: { message: HIGHER_PERMISSIONS_MESSAGE, status: 403 },
      });
    }
    expect(await twoFactorOn(adminID)).toBe(true);
    expect(await sessionsOf(adminID)).toBe(1);
    expect((await admin.client.get<{ name: string }>("/api/v2/users/me")).body.name).toBe(admin.user.name);
    // Reading the administrator's profile is not acting on them.
    expect((await manager.client.get(`/api/v2/users/${adminID}`)).status).toBe(200);
  });

  it("keeps a moderator from a site manager, and lets each act on lower members and on themselves", async () => {
    const manager = await sessionClient(testApp, { role: "Site Manager" });
    const moderator = await sessionClient(testApp, { role: "Moderator" });
    const member = await signedInClient(testApp);
    await turnOnTwoFactor(member.client);
    const warned = await moderator.client.post(`/api/v2/users/${manager.user.userID}/warnings`, {
      reason: "Rank",
    });
    expect(warned.status).toBe(403);
    const muted = await moderator.client.put(`/api/v2/users/${manager.user.userID}/post-mute`, {
      muted: true,
    });
    expect(muted.status).toBe(403);
    expect(
      (await moderator.client.post(`/api/v2/users/${member.user.userID}/warnings`, { reason: "Ok" })).status,
    ).toBe(201);
    expect((await manager.client.delete(`/api/v2/users/${member.user.userID}/two-factor`)).status).toBe(204);
    expect(await twoFactorOn(member.user.userID)).toBe(false);
    expect((await manager.client.get("/api/v2/users/$me/export")).status).toBe(200);
    expect((await manager.client.get(`/api/v2/users/${manager.user.userID}/sessions`)).status).toBe(200);
  });

  it("records an export of another member's data in the audit log, and not one's own", async () => {
    const manager = await sessionClient(testApp, { role: "Site Manager" });
    const member = await sessionClient(testApp);
    const audited = () =>
      testApp.context.db
        .selectFrom("auditLog")
        .select(["eventType", "method", "recordType", "recordID", "status"])
        .where("userID", "=", manager.user.userID)
        .execute();
    expect((await manager.client.get("/api/v2/users/$me/export")).status).toBe(200);
    expect(await audited()).toEqual([]);
    expect((await manager.client.get(`/api/v2/users/${member.user.userID}/export`)).status).toBe(200);
    expect(await audited()).toEqual([
      {
        eventType: "users.export",
        method: "GET",
        recordType: "user",
        recordID: member.user.userID,
        status: 200,
      },
    ]);
  });
});
