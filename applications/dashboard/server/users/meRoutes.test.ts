import type { Me, MeCounts, PermissionsResponse } from "@forum/api/users";
import { signedInClient, createTestUser, type TestUser } from "@library/server/testing/factories";
import { testDialects, TEST_ORIGIN, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp } from "../testing/dashboardTesting";
import { registerMeCount } from "@library/server/users/meCounts";
import { DEFAULT_AVATAR_URL } from "./userUrls";

describe.each(testDialects)("current user and permissions on %s", (dialect) => {
  let testApp: TestApp;
  let member: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };
  let other: TestUser;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    member = await signedInClient(testApp, { name: "Me Member" });
    admin = await signedInClient(testApp, { name: "Me Admin", role: "Administrator" });
    other = await createTestUser(testApp.context, { name: "Me Other", role: "Moderator" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("gives a guest the guest defaults with Cache-Control: no-cache", async () => {
    const response = await testApp.guest().get<Me>("/api/v2/users/me");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toMatchObject({
      userID: 0,
      name: "Guest",
      photoUrl: `${TEST_ORIGIN}${DEFAULT_AVATAR_URL}`,
      email: null,
      emailConfirmed: false,
      dateInserted: "2000-01-01T00:00:00+00:00",
      dateUpdated: "2000-01-01T00:00:00+00:00",
      dateLastActive: null,
      banned: 0,
      points: 0,
      isAdmin: false,
      countUnreadNotifications: 0,
      roles: [{ roleID: expect.any(Number), name: "Guest" }],
      permissions: ["discussions.view", "profiles.view", "reactions.view"],
    });
    expect(Object.values(response.body.counts).every((count) => count === 0)).toBe(true);
  });

  it("gives a member their own record, sorted permissions and no password hash", async () => {
    const response = await member.client.get<Me>("/api/v2/users/me");
    expect(response.body).toMatchObject({
      userID: member.user.userID,
      email: member.user.email,
      url: `${TEST_ORIGIN}/profile/Me%20Member`,
    });
    expect(response.body.permissions).toEqual([...response.body.permissions].sort());
    expect(response.text).not.toContain("scrypt");
    expect(response.body).not.toHaveProperty("password");
  });

  it("lists the declared counters at 0 for guests, in their declared order, and a new counter in its place", async () => {
    const guest = await testApp.guest().get<MeCounts>("/api/v2/users/me-counts");
    const running = testApp.context.meCounts.active().map((counter) => counter.name);
    expect(guest.body.counts).toEqual(running.map((name) => ({ name, count: 0 })));
    registerMeCount(testApp.context, {
      name: "Stars",
      sort: 35,
      onMe: true,
      count: (_context, viewer) => Promise.resolve(viewer.userID === member.user.userID ? 3 : 0),
    });
    registerMeCount(testApp.context, { name: "Pings", sort: 1, count: () => Promise.resolve(4) });
    const response = await member.client.get<MeCounts>("/api/v2/users/me-counts");
    expect(response.body.counts.map((count) => count.name)).toEqual(
      testApp.context.meCounts.active().map((counter) => counter.name),
    );
    expect(response.body.counts[0]).toEqual({ name: "Pings", count: 4 });
    expect(response.body.counts).toContainEqual({ name: "Stars", count: 3 });
    // Only the badge counters (`onMe`) are in the member's Me.
    const me = await member.client.get<Me>("/api/v2/users/me");
    expect(me.body.counts).toMatchObject({ Stars: 3 });
    expect(me.body.counts).not.toHaveProperty("Pings");
  });

  it("returns one's own permissions through $me, for guests too", async () => {
    const own = await member.client.get<PermissionsResponse>("/api/v2/users/$me/permissions");
    expect(own.status).toBe(200);
    expect(own.body.permissions[0]).toMatchObject({ type: "global", id: null });
    expect(own.body.permissions[0]?.permissions["session.valid"]).toBe(true);
    expect(own.body.junctions).toBeUndefined();
    const guest = await testApp
      .guest()
      .get<PermissionsResponse>("/api/v2/users/$me/permissions?expand=junctions");
    expect(guest.body.permissions[0]?.permissions).toEqual({
      "discussions.view": true,
      "profiles.view": true,
      "reactions.view": true,
    });
    expect(guest.body).toMatchObject({
      isAdmin: false,
      junctions: { category: [] },
      junctionAliases: { category: {} },
    });
  });

  it("lets user administrators read another user's permissions, including a banned user's", async () => {
    await testApp.context.db
      .updateTable("users")
      .set({ banned: 1 })
      .where("userID", "=", other.userID)
      .execute();
    const response = await admin.client.get<PermissionsResponse>(
      `/api/v2/users/${other.userID}/permissions?expand=all`,
    );
    await testApp.context.db
      .updateTable("users")
      .set({ banned: 0 })
      .where("userID", "=", other.userID)
      .execute();
    expect(response.status).toBe(200);
    expect(response.body.permissions[0]?.permissions["community.moderate"]).toBe(true);
    expect(response.body.permissions[0]?.permissions["discussions.moderate"]).toBe(true);
    expect(response.body.junctions).toEqual({ category: [] });
  });

  it("refuses another user's permissions to a member (403) and a guest (403)", async () => {
    expect((await member.client.get(`/api/v2/users/${other.userID}/permissions`)).status).toBe(403);
    expect((await testApp.guest().get(`/api/v2/users/${other.userID}/permissions`)).status).toBe(403);
  });

  it("answers 404 for an unknown user and 422 for a bad id or expand", async () => {
    const unknown = await admin.client.get("/api/v2/users/999999/permissions");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "User not found.", status: 404 });
    const badID = await admin.client.get("/api/v2/users/abc/permissions");
    expect(badID.status).toBe(422);
    expect(badID.body).toMatchObject({ errors: [{ field: "id" }] });
    const badExpand = await admin.client.get<{ errors: { field: string }[] }>(
      "/api/v2/users/$me/permissions?expand=nonsense",
    );
    expect(badExpand.status).toBe(422);
    expect(badExpand.body.errors[0]?.field).toMatch(/^expand/);
  });
});
