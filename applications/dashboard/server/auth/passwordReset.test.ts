import { countRows, testDialects, type TestApp } from "@library/server/testing/testApp";
import { createTestUser, TEST_PASSWORD, type TestUser } from "@library/server/testing/factories";
import { createDashboardTestApp, latestMailTo, mailCountTo } from "../testing/dashboardTesting";
import { resetPassword } from "./passwordReset";

function resetToken(bodyText: string | undefined): string {
  const match = /\/entry\/passwordreset\/([\w-]+)/.exec(bodyText ?? "");
  if (!match?.[1]) throw new Error(`No reset link in: ${bodyText}`);
  return decodeURIComponent(match[1]);
}

describe.each(testDialects)("password reset on %s", (dialect) => {
  let testApp: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    user = await createTestUser(testApp.context, { name: "Forgetful" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("answers 201 with an empty body and sends nothing when no account matches", async () => {
    const mailsBefore = await countRows(testApp.context, "mailOutbox");
    const response = await testApp
      .guest()
      .post("/api/v2/users/request-password", { email: "nobody@example.com" });
    expect(response.status).toBe(201);
    expect(response.text).toBe("");
    expect(await countRows(testApp.context, "mailOutbox")).toBe(mailsBefore);
  });

  it("answers 422 keyed by field without an email", async () => {
    const response = await testApp.guest().post("/api/v2/users/request-password", {});
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ errors: [{ field: "email" }] });
  });

  it("mails a reset link; the token sets a new password once, and ends the old sessions", async () => {
    const client = testApp.guest();
    await client.post("/api/v2/authenticate/password", { username: user.name, password: TEST_PASSWORD });
    const response = await testApp
      .guest()
      .post("/api/v2/users/request-password", { email: user.email.toUpperCase() });
    expect(response.status).toBe(201);
    const token = resetToken((await latestMailTo(testApp.context, user.email))?.bodyText);

    const badToken = await testApp
      .guest()
      .post("/api/v2/users/password-reset", { token: "not-a-token", password: "brand new password" });
    expect(badToken.status).toBe(422);
    expect(badToken.body).toMatchObject({ errors: [{ field: "token" }] });
    const shortPassword = await testApp
      .guest()
      .post("/api/v2/users/password-reset", { token, password: "short" });
    expect(shortPassword.status).toBe(422);
    expect(shortPassword.body).toMatchObject({ errors: [{ field: "password" }] });

    const reset = await testApp
      .guest()
      .post("/api/v2/users/password-reset", { token, password: "brand new password" });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ userID: user.userID });
    expect((await client.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(0);

    const oldPassword = await testApp
      .guest()
      .post("/api/v2/authenticate/password", { username: user.name, password: TEST_PASSWORD });
    expect(oldPassword.status).toBe(401);
    const newPassword = await testApp
      .guest()
      .post("/api/v2/authenticate/password", { username: user.name, password: "brand new password" });
    expect(newPassword.status).toBe(201);

    await expect(resetPassword(testApp.context, token, "another new password")).rejects.toMatchObject({
      status: 422,
    });
  });

  it("accepts the user name instead of the email", async () => {
    const mailsBefore = await mailCountTo(testApp.context, user.email);
    const response = await testApp.guest().post("/api/v2/users/request-password", { email: "forgetful" });
    expect(response.status).toBe(201);
    expect(await mailCountTo(testApp.context, user.email)).toBe(mailsBefore + 1);
  });
});
