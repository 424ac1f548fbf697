import {
  createTestUser,
  signedInClient,
  TEST_PASSWORD,
  type TestUser,
} from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp } from "../testing/dashboardTesting";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)("session length on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: TestUser;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    admin = await signedInClient(testApp, { role: "Administrator" });
    member = await createTestUser(testApp.context, { name: "Session Member" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  /** Signs the member in; the cookie's Max-Age and how far away the session's row expires, in days. */
  async function signIn(persist: boolean) {
    const client = testApp.guest();
    const response = await client.post("/api/v2/authenticate/password", {
      username: member.name,
      password: TEST_PASSWORD,
      persist,
    });
    expect(response.status).toBe(201);
    const maxAge = /Max-Age=(\d+)/.exec(String(response.headers["set-cookie"]))?.[1];
    const row = await testApp.context.db
      .selectFrom("sessions")
      .select(["sessionID", "dateExpires"])
      .where("userID", "=", member.userID)
      .orderBy("dateInserted", "desc")
      .orderBy("dateExpires", "desc")
      .executeTakeFirstOrThrow();
    return {
      client,
      sessionID: row.sessionID,
      cookieDays: maxAge === undefined ? null : Number(maxAge) / 86400,
      rowDays: Math.round((Date.parse(row.dateExpires) - Date.now()) / DAY_MS),
    };
  }

  it("keeps a member signed in 30 days by default", async () => {
    expect(await signIn(true)).toMatchObject({ cookieDays: 30, rowDays: 30 });
    expect(await signIn(false)).toMatchObject({ cookieDays: null, rowDays: 14 });
  });

  it("follows the Security setting: the 'Keep me signed in' cookie, new sessions and sliding ones", async () => {
    expect((await admin.client.patch("/api/v2/config", { "security.sessionDays": 2 })).status).toBe(204);
    expect(await signIn(true)).toMatchObject({ cookieDays: 2, rowDays: 2 });
    const browser = await signIn(false);
    expect(browser).toMatchObject({ cookieDays: null, rowDays: 2 });

    // A session in use slides its end by the current length.
    await testApp.context.db
      .updateTable("sessions")
      .set({
        dateLastSeen: "2020-01-01T00:00:00.000Z",
        dateExpires: new Date(Date.now() + 3600_000).toISOString(),
      })
      .where("sessionID", "=", browser.sessionID)
      .execute();
    expect((await browser.client.get("/api/v2/users/me")).status).toBe(200);
    const slid = await testApp.context.db
      .selectFrom("sessions")
      .select("dateExpires")
      .where("sessionID", "=", browser.sessionID)
      .executeTakeFirstOrThrow();
    expect(Math.round((Date.parse(slid.dateExpires) - Date.now()) / DAY_MS)).toBe(2);
  });

  it("refuses lengths out of range and members, keeping the setting", async () => {
    for (const value of [0, 366, "a week", 1.5]) {
      const response = await admin.client.patch("/api/v2/config", { "security.sessionDays": value });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ errors: [{ field: "security.sessionDays" }] });
    }
    const memberClient = await signedInClient(testApp);
    expect((await memberClient.client.patch("/api/v2/config", { "security.sessionDays": 90 })).status).toBe(
      403,
    );
    const config = await admin.client.get<Record<string, number>>(
      "/api/v2/config?select=security.sessionDays",
    );
    expect(config.body).toEqual({ "security.sessionDays": 2 });
  });
});
