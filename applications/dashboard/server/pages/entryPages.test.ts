import { totpCode, totpStep } from "@library/server/auth/totp";
import { confirmTwoFactorSetup, startTwoFactorSetup } from "@library/server/auth/twoFactor";
import { createTestUser, TEST_PASSWORD } from "@library/server/testing/factories";
import { createTestApp, testDialects, TEST_ORIGIN, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

describe.each(testDialects)("sign-in and registration pages on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function post(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return testApp.app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: TEST_ORIGIN,
        host: "localhost:80",
        ...headers,
      },
      payload: form(fields),
    });
  }

  it("serves the sign-in form to a guest, readable without JavaScript", async () => {
    const response = await testApp.app.inject({ url: "/entry/signin?Target=%2Fdiscussions" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("<title>Sign In - Community</title>");
    expect(response.body).toContain('name="Target" value="/discussions"');
    expect(response.body).toContain('action="/entry/signin"');
    expect(response.body).toMatch(/>\s*Sign In\s*<\/a/);
    expect(response.body).toMatch(/>\s*Register\s*<\/a/);
  });

  it("signs in with the form and returns to the Target", async () => {
    const user = await createTestUser(testApp.context);
    const response = await post("/entry/signin", {
      username: user.name,
      password: TEST_PASSWORD,
      Target: "/discussions",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/discussions");
    const cookie = response.cookies.find((c) => c.name === "forum_session");
    expect(cookie?.httpOnly).toBe(true);
    const home = await testApp.app.inject({ url: "/", cookies: { forum_session: cookie?.value ?? "" } });
    expect(home.body).toContain(user.name);
    expect(home.body).not.toMatch(/>\s*Register\s*<\/a/);
  });

  it("never follows a Target to another site", async () => {
    const user = await createTestUser(testApp.context);
    const response = await post("/entry/signin", {
      username: user.email,
      password: TEST_PASSWORD,
      Target: "//evil.example/x",
    });
    expect(response.headers.location).toBe("/");
  });

  it("shows the bad-login message and keeps the name on a wrong password", async () => {
    const user = await createTestUser(testApp.context);
    const response = await post("/entry/signin", { username: user.name, password: "wrong password" });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain("Bad login, double-check your username or password.");
    expect(response.body).toContain(`value="${user.name}"`);
    expect(response.cookies.find((c) => c.name === "forum_session")).toBeUndefined();
  });

  it("asks for the authentication code when the member turned two-factor authentication on", async () => {
    const user = await createTestUser(testApp.context);
    const secret = await startTwoFactorSetup(testApp.context.db, user.userID);
    await confirmTwoFactorSetup(testApp.context.db, user.userID, totpCode(secret, totpStep()));
    const first = await post("/entry/signin", { username: user.name, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(422);
    expect(first.body).toContain('name="twoFactorCode"');
    expect(first.body).toContain('autocomplete="one-time-code"');
    expect(first.body).toContain("Enter the 6-digit code from your authenticator app.");
    expect(first.body).toContain(`value="${user.name}"`);
    const second = await post("/entry/signin", {
      username: user.name,
      password: TEST_PASSWORD,
      twoFactorCode: totpCode(secret, totpStep() + 1),
      Target: "/discussions",
    });
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe("/discussions");
  });

  it("refuses a form post from another site", async () => {
    const user = await createTestUser(testApp.context);
    const response = await post(
      "/entry/signin",
      { username: user.name, password: TEST_PASSWORD },
      { origin: "https://evil.example" },
    );
    expect(response.statusCode).toBe(403);
    expect(response.cookies.find((c) => c.name === "forum_session")).toBeUndefined();
  });

  it("registers with the form, signs the member in, and lists every problem at once otherwise", async () => {
    const bad = await post("/entry/register", {
      email: "nope",
      name: "",
      password: "short",
      passwordConfirm: "other",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Email is not valid.");
    expect(bad.body).toContain("Username is required.");
    expect(bad.body).toContain("Password must be at least 8 characters.");
    expect(bad.body).toContain("The passwords do not match.");

    const name = `page${dialect}`;
    const good = await post("/entry/register", {
      email: `${name}@example.com`,
      name,
      password: "long enough pass",
      passwordConfirm: "long enough pass",
      Target: "/categories",
    });
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe("/categories");
    const user = await testApp.context.db
      .selectFrom("users")
      .select("userID")
      .where("nameKey", "=", name)
      .executeTakeFirst();
    expect(user).toBeDefined();

    const duplicate = await post("/entry/register", {
      email: `${name}@example.com`,
      name,
      password: "long enough pass",
      passwordConfirm: "long enough pass",
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.body).toContain("already in use");
  });

  it("keeps the passwords typed when only the name is taken, never when a password is the problem", async () => {
    const taken = await createTestUser(testApp.context);
    const passwordField = (body: string, name: string) =>
      new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(body)?.[1];
    const nameTaken = await post("/entry/register", {
      email: `kept${dialect}@example.com`,
      name: taken.name,
      password: "long enough pass",
      passwordConfirm: "long enough pass",
    });
    expect(nameTaken.statusCode).toBe(422);
    expect(nameTaken.body).toContain("already in use");
    expect(passwordField(nameTaken.body, "password")).toBe("long enough pass");
    expect(passwordField(nameTaken.body, "passwordConfirm")).toBe("long enough pass");
    expect(passwordField(nameTaken.body, "email")).toBe(`kept${dialect}@example.com`);

    const mismatch = await post("/entry/register", {
      email: `kept${dialect}@example.com`,
      name: taken.name,
      password: "long enough pass",
      passwordConfirm: "another long pass",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(passwordField(mismatch.body, "password")).toBe("");
    expect(passwordField(mismatch.body, "passwordConfirm")).toBe("");
  });

  it("signs out with the form and ends the session", async () => {
    const user = await createTestUser(testApp.context);
    const signIn = await post("/entry/signin", { username: user.name, password: TEST_PASSWORD });
    const token = signIn.cookies.find((c) => c.name === "forum_session")?.value ?? "";
    const confirm = await testApp.app.inject({ url: "/entry/signout", cookies: { forum_session: token } });
    expect(confirm.body).toContain("Are you sure you want to sign out?");
    const signOut = await post("/entry/signout", { Target: "/" }, { cookie: `forum_session=${token}` });
    expect(signOut.statusCode).toBe(303);
    const me = await testApp.app.inject({ url: "/api/v2/users/me", cookies: { forum_session: token } });
    expect(me.json()).toMatchObject({ userID: 0, name: "Guest" });
  });

  it("answers an unknown page with the Page Not Found page", async () => {
    const response = await testApp.app.inject({ url: "/no/such/page" });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain("Page Not Found");
    expect(response.body).toContain("The page you were looking for could not be found.");
  });

  it("serves the home page with the hero banner and the title bar", async () => {
    const response = await testApp.app.inject({ url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("How can we help you?");
    expect(response.body).toContain('data-react="TitleBar"');
    expect(response.body).toContain('id="app-bootstrap"');
  });

  it("resets a forgotten password through the mailed link", async () => {
    const user = await createTestUser(testApp.context);
    await post("/entry/passwordrequest", { email: user.email });
    const mail = await testApp.context.db
      .selectFrom("mailOutbox")
      .select("bodyText")
      .where("to", "=", user.email)
      .orderBy("mailID", "desc")
      .executeTakeFirstOrThrow();
    const link = /\/entry\/passwordreset\/([\w-]+)/.exec(mail.bodyText);
    expect(link).not.toBeNull();
    const reset = await post(`/entry/passwordreset/${link?.[1] ?? ""}`, { password: "a brand new password" });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain("Your password has been changed.");
    const signIn = await post("/entry/signin", { username: user.name, password: "a brand new password" });
    expect(signIn.statusCode).toBe(303);
  });
});
