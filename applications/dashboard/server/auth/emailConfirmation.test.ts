import type { Me } from "@forum/api/users";
import { countRows, testDialects, type TestApp } from "@library/server/testing/testApp";
import { signedInClient } from "@library/server/testing/factories";
import {
  createDashboardTestApp,
  latestMailTo,
  mailCountTo,
  roleNamesOf,
  writeSettings,
} from "../testing/dashboardTesting";
import { ALREADY_CONFIRMED_MESSAGE } from "./emailConfirmation";

function confirmationLink(bodyText: string | undefined): { userID: number; code: string } {
  const match = /\/entry\/emailconfirm\/(\d+)\/([\w-]+)/.exec(bodyText ?? "");
  if (!match?.[1] || !match[2]) throw new Error(`No confirmation link in: ${bodyText}`);
  return { userID: Number(match[1]), code: decodeURIComponent(match[2]) };
}

describe.each(testDialects)("email confirmation on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    await writeSettings(testApp.context, { isConfirmEmailRequired: true });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("registers an Unconfirmed user, mails the link, and confirming makes them a Member", async () => {
    const client = testApp.guest();
    const response = await client.post<{ userID: number }>("/api/v2/users/register", {
      name: "Confirm Me",
      email: "confirm.me@example.com",
      password: "a long enough password",
    });
    expect(response.status).toBe(201);
    const { userID } = response.body;
    expect(await roleNamesOf(testApp.context, userID)).toEqual(["Unconfirmed"]);
    expect((await client.get<Me>("/api/v2/users/me")).body.emailConfirmed).toBe(false);

    const mail = await latestMailTo(testApp.context, "confirm.me@example.com");
    const link = confirmationLink(mail?.bodyText);
    expect(link.userID).toBe(userID);

    const wrong = await testApp
      .guest()
      .post(`/api/v2/users/${userID}/confirm-email`, { confirmationCode: "wrong-code" });
    expect(wrong.status).toBe(403);
    expect(await roleNamesOf(testApp.context, userID)).toEqual(["Unconfirmed"]);

    const missing = await testApp.guest().post(`/api/v2/users/${userID}/confirm-email`, {});
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errors: [{ field: "confirmationCode" }] });

    const confirmed = await testApp
      .guest()
      .post(`/api/v2/users/${userID}/confirm-email`, { confirmationCode: link.code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ userID, email: "confirm.me@example.com", emailConfirmed: true });
    expect(await roleNamesOf(testApp.context, userID)).toEqual(["Member"]);
    expect((await client.get<Me>("/api/v2/users/me")).body.emailConfirmed).toBe(true);

    const again = await testApp
      .guest()
      .post(`/api/v2/users/${userID}/confirm-email`, { confirmationCode: link.code });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: ALREADY_CONFIRMED_MESSAGE, status: 400 });
  });

  it("answers 404 for an unknown user", async () => {
    const response = await testApp
      .guest()
      .post("/api/v2/users/999999/confirm-email", { confirmationCode: "x" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "User not found.", status: 404 });
  });

  it("re-sends the confirmation mail to the signed-in user with a new working code", async () => {
    const { client, user } = await signedInClient(testApp, { role: "Unconfirmed", emailConfirmed: false });
    const response = await client.post("/api/v2/users/$me/request-confirm-email");
    expect(response.status).toBe(201);
    expect(response.body).toEqual({});
    const link = confirmationLink((await latestMailTo(testApp.context, user.email))?.bodyText);
    const confirmed = await client.post(`/api/v2/users/${user.userID}/confirm-email`, {
      confirmationCode: link.code,
    });
    expect(confirmed.status).toBe(200);

    const mailsBefore = await mailCountTo(testApp.context, user.email);
    const already = await client.post("/api/v2/users/$me/request-confirm-email");
    expect(already.status).toBe(400);
    expect(await mailCountTo(testApp.context, user.email)).toBe(mailsBefore);
  });

  it("refuses a guest with 403 and sends nothing", async () => {
    const mailsBefore = await countRows(testApp.context, "mailOutbox");
    const response = await testApp.guest().post("/api/v2/users/$me/request-confirm-email");
    expect(response.status).toBe(403);
    expect(await countRows(testApp.context, "mailOutbox")).toBe(mailsBefore);
  });
});
