import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from "@forum/api/twoFactor";
import { totpCode, totpStep } from "@library/server/auth/totp";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "@library/server/auth/twoFactorPolicy";
import { signedInClient, type TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { TWO_FACTOR_CODE_NEEDED, TWO_FACTOR_CODE_WRONG } from "../auth/passwordSignIn";
import { createDashboardTestApp } from "../testing/dashboardTesting";

/** The code an authenticator app would show `offset` steps from now. */
const codeFor = (secret: string, offset = 0) => totpCode(secret, totpStep() + offset);

describe.each(testDialects)("two-factor authentication on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
  });
  afterAll(() => testApp.close());

  const signIn = (user: TestUser, twoFactorCode?: string) =>
    testApp.guest().post<{ errors?: { field: string; message: string }[] }>("/api/v2/authenticate/password", {
      username: user.name,
      password: user.password,
      ...(twoFactorCode === undefined ? {} : { twoFactorCode }),
    });

  /** Sets it up and returns the secret and the recovery codes. */
  const turnOn = async (client: TestClient) => {
    const setup = await client.post<TwoFactorSetup>("/api/v2/users/me/two-factor/setup");
    expect(setup.status).toBe(200);
    const enabled = await client.post<RecoveryCodes>("/api/v2/users/me/two-factor/enable", {
      code: codeFor(setup.body.secret),
    });
    expect(enabled.status).toBe(200);
    return { secret: setup.body.secret, recoveryCodes: enabled.body.recoveryCodes };
  };

  it("is set up with an authenticator code, then asked for at every sign-in; each code works once", async () => {
    const { client, user } = await signedInClient(testApp, { name: "Careful" });
    const setup = await client.post<TwoFactorSetup>("/api/v2/users/me/two-factor/setup");
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toContain(`otpauth://totp/`);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    // Not on until confirmed: sign-in still needs no code.
    expect((await signIn(user)).status).toBe(201);
    const wrong = await client.post("/api/v2/users/me/two-factor/enable", { code: "000000" });
    expect(wrong.status).toBe(422);
    const enabled = await client.post<RecoveryCodes>("/api/v2/users/me/two-factor/enable", {
      code: codeFor(setup.body.secret),
    });
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect((await client.get<TwoFactorStatus>("/api/v2/users/me/two-factor")).body).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    expect((await client.post("/api/v2/users/me/two-factor/setup")).status).toBe(409);

    const missing = await signIn(user);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([
      expect.objectContaining({ field: "twoFactorCode", message: TWO_FACTOR_CODE_NEEDED }),
    ]);
    const bad = await signIn(user, "123456");
    expect(bad.body.errors?.[0]?.message).toBe(TWO_FACTOR_CODE_WRONG);
    const next = codeFor(setup.body.secret, 1);
    expect((await signIn(user, next)).status).toBe(201);
    // The same code a second time is refused (someone watching cannot replay it).
    expect((await signIn(user, next)).status).toBe(422);
  });

  it("lets a recovery code in once, and turns off only with a code", async () => {
    const { client, user } = await signedInClient(testApp);
    const { secret, recoveryCodes } = await turnOn(client);
    const recovery = recoveryCodes[3] ?? "";
    expect((await signIn(user, recovery.toUpperCase())).status).toBe(201);
    expect((await signIn(user, recovery)).status).toBe(422);
    expect((await client.get<TwoFactorStatus>("/api/v2/users/me/two-factor")).body.recoveryCodesLeft).toBe(9);

    expect((await client.delete("/api/v2/users/me/two-factor", { code: "999999" })).status).toBe(422);
    expect((await client.delete("/api/v2/users/me/two-factor", { code: codeFor(secret, 1) })).status).toBe(
      204,
    );
    expect((await signIn(user)).status).toBe(201);
  });

  it("keeps an administrator without it from changing anything when the site requires it", async () => {
    const { client: admin } = await signedInClient(testApp, { role: "Administrator" });
    const { client: otherAdmin } = await signedInClient(testApp, { role: "Administrator" });
    expect(
      (await admin.patch("/api/v2/config", { "security.twoFactor.requiredForAdministrators": true })).status,
    ).toBe(204);
    await testApp.context.settings.refresh();
    const refused = await otherAdmin.patch("/api/v2/config", { "garden.title": "Changed" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: TWO_FACTOR_REQUIRED_MESSAGE });
    expect((await otherAdmin.get("/api/v2/config")).status).toBe(200);
    expect((await otherAdmin.get<TwoFactorStatus>("/api/v2/users/me/two-factor")).body.required).toBe(true);
    await turnOn(otherAdmin);
    expect((await otherAdmin.patch("/api/v2/config", { "garden.title": "Changed" })).status).toBe(204);
    expect(
      (await otherAdmin.patch("/api/v2/config", { "security.twoFactor.requiredForAdministrators": false }))
        .status,
    ).toBe(204);
  });

  it("lets users.edit reset it for a member who lost their device", async () => {
    const { client, user } = await signedInClient(testApp);
    await turnOn(client);
    const { client: other } = await signedInClient(testApp);
    expect((await other.delete(`/api/v2/users/${user.userID}/two-factor`)).status).toBe(403);
    const { client: admin } = await signedInClient(testApp, { role: "Administrator" });
    expect((await admin.delete(`/api/v2/users/${user.userID}/two-factor`)).status).toBe(204);
    expect((await signIn(user)).status).toBe(201);
  });
});
