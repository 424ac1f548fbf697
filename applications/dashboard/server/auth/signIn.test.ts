import type { Me } from "@forum/api/users";
import { countRows, createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { createTestUser, TEST_PASSWORD, type TestUser } from "@library/server/testing/factories";
import { dashboardApplication } from "../dashboardApplication";
import { createDashboardTestApp } from "../testing/dashboardTesting";
import { BAD_LOGIN_MESSAGE } from "./passwordSignIn";

describe.each(testDialects)("sign-in and sign-out on %s", (dialect) => {
  let testApp: TestApp;
  let member: TestUser;
  let banned: TestUser;
  let applicant: TestUser;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    member = await createTestUser(testApp.context, { name: "Signin Member" });
    banned = await createTestUser(testApp.context, { name: "Signin Banned" });
    applicant = await createTestUser(testApp.context, { name: "Signin Applicant", role: "Applicant" });
    await testApp.context.db
      .updateTable("users")
      .set({ banned: 1 })
      .where("userID", "=", banned.userID)
      .execute();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("signs in by name, sets the session cookie, and /users/me shows the user", async () => {
    const client = testApp.guest();
    const response = await client.post<Me>("/api/v2/authenticate/password", {
      username: "signin member",
      password: TEST_PASSWORD,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ userID: member.userID, name: member.name, email: member.email });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/^forum_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const me = await client.get<Me>("/api/v2/users/me");
    expect(me.body).toMatchObject({ userID: member.userID, name: member.name, roles: [{ name: "Member" }] });
    expect(me.body.permissions).toContain("session.valid");
  });

  it("signs in by email, case-insensitively, with a 30-day cookie when persist is set", async () => {
    const response = await testApp.guest().post("/api/v2/authenticate/password", {
      username: member.email.toUpperCase(),
      password: TEST_PASSWORD,
      persist: true,
    });
    expect(response.status).toBe(201);
    expect(String(response.headers["set-cookie"])).toContain("Max-Age=2592000");
  });

  it("sets Secure when the request came over https", async () => {
    const behindProxy = await createTestApp(dialect, [dashboardApplication], { trustProxy: true });
    await createTestUser(behindProxy.context, { name: "Https User" });
    const response = await behindProxy.app.inject({
      method: "POST",
      url: "/api/v2/authenticate/password",
      headers: {
        "x-requested-with": "vanilla",
        referer: "https://localhost/",
        host: "localhost",
        "x-forwarded-proto": "https",
      },
      payload: { username: "Https User", password: TEST_PASSWORD },
    });
    await behindProxy.close();
    expect(response.statusCode).toBe(201);
    expect(String(response.headers["set-cookie"])).toContain("; Secure");
  });

  it("sets Secure when the site URL is https, behind a proxy that does not say so (no TRUST_PROXY)", async () => {
    const behindProxy = await createTestApp(dialect, [dashboardApplication], {
      siteUrl: "https://forum.example.org",
    });
    await createTestUser(behindProxy.context, { name: "Proxied User" });
    const headers = {
      "x-requested-with": "vanilla",
      referer: "https://forum.example.org/",
      host: "forum.example.org",
    };
    const signedIn = await behindProxy.app.inject({
      method: "POST",
      url: "/api/v2/authenticate/password",
      headers,
      payload: { username: "Proxied User", password: TEST_PASSWORD },
    });
    const cookie = String(signedIn.headers["set-cookie"]);
    const signedOut = await behindProxy.app.inject({
      method: "POST",
      url: "/api/v2/authenticate/signout",
      headers: { ...headers, cookie: cookie.split(";")[0] ?? "" },
    });
    await behindProxy.close();
    expect(signedIn.statusCode).toBe(201);
    expect(cookie).toMatch(/^forum_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(signedOut.statusCode).toBe(204);
    expect(String(signedOut.headers["set-cookie"])).toContain("; Secure");
  });

  it("answers 401 with the exact body for a wrong password or an unknown name", async () => {
    const sessionsBefore = await countRows(testApp.context, "sessions");
    for (const username of [member.name, "nobody at all"]) {
      const response = await testApp
        .guest()
        .post("/api/v2/authenticate/password", { username, password: "wrong password" });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: BAD_LOGIN_MESSAGE, status: 401 });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    expect(await countRows(testApp.context, "sessions")).toBe(sessionsBefore);
  });

  it("answers 422 keyed by field for a missing username", async () => {
    const response = await testApp.guest().post("/api/v2/authenticate/password", { password: "x" });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ status: 422, errors: [{ field: "username" }] });
  });

  it("refuses a banned account with 403 and an account whose roles cannot sign in", async () => {
    const sessionsBefore = await countRows(testApp.context, "sessions");
    const bannedResponse = await testApp
      .guest()
      .post("/api/v2/authenticate/password", { username: banned.name, password: TEST_PASSWORD });
    expect(bannedResponse.status).toBe(403);
    expect(bannedResponse.body).toEqual({ message: "This account has been banned.", status: 403 });
    const applicantResponse = await testApp
      .guest()
      .post("/api/v2/authenticate/password", { username: applicant.name, password: TEST_PASSWORD });
    expect(applicantResponse.status).toBe(403);
    expect(await countRows(testApp.context, "sessions")).toBe(sessionsBefore);
  });

  it("throttles a name after 10 failed attempts with 429, even with the right password", async () => {
    const target = await createTestUser(testApp.context, { name: "Throttled User" });
    const client = testApp.guest();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await client.post("/api/v2/authenticate/password", {
        username: target.name,
        password: "nope",
      });
      expect(response.status).toBe(401);
    }
    const blocked = await client.post("/api/v2/authenticate/password", {
      username: "THROTTLED USER",
      password: TEST_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: 429 });
    const other = await client.post("/api/v2/authenticate/password", {
      username: member.name,
      password: TEST_PASSWORD,
    });
    expect(other.status).toBe(201);
  });

  it("signs out: 204, the session row is gone, the cookie expires, and /users/me is a guest again", async () => {
    const client = testApp.guest();
    await client.post("/api/v2/authenticate/password", { username: member.name, password: TEST_PASSWORD });
    const sessionsBefore = await countRows(testApp.context, "sessions");
    const response = await client.post("/api/v2/authenticate/signout");
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect(String(response.headers["set-cookie"])).toMatch(
      /^forum_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    expect(await countRows(testApp.context, "sessions")).toBe(sessionsBefore - 1);
    const me = await client.get<Me>("/api/v2/users/me");
    expect(me.body).toMatchObject({ userID: 0, name: "Guest" });
  });

  it("signs a guest out with 204 too", async () => {
    const response = await testApp.guest().post("/api/v2/authenticate/signout");
    expect(response.status).toBe(204);
  });
});
