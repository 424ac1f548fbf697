import { serverApplications } from "@applications/serverApplications";
import { hashToken } from "@library/server/auth/tokens";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "@library/server/auth/twoFactorPolicy";
import { nowIso } from "@library/server/http/dates";
import { UNPLAIN_PATH_MESSAGE } from "@library/server/http/requestRoute";
import { createTestUser, sessionClient } from "@library/server/testing/factories";
import {
  createTestApp,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";

/** The API's prefix spelt with escapes the router reads as plain letters and digits. */
const ESCAPED_PREFIXES = ["/%61pi/v2", "/ap%69/v2", "/api/%762", "/api/v%32", "/%61%70%69/%76%32"];

const FORM = "application/x-www-form-urlencoded";

/**
 * A page on another site (or another port of this host) posting a form to the API, auto-submitted in a signed-in
 * browser: whatever the spelling of the address, the API refuses it and writes nothing.
 */
describe.each(testDialects)("cross-site requests to the API under any spelling (%s)", (dialect) => {
  let testApp: TestApp;
  let cookieName: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
  });
  afterAll(() => testApp.close());

  const userCount = async () =>
    Number(
      (
        await testApp.context.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );

  const crossSiteForm = (url: string, payload: string, cookie?: string, contentType = FORM) =>
    testApp.app.inject({
      method: "POST",
      url,
      headers: {
        host: "localhost:80",
        origin: "http://localhost:8080",
        referer: "http://localhost:8080/attack.html",
        "content-type": contentType,
        ...(cookie ? { cookie: `${cookieName}=${cookie}` } : {}),
      },
      payload,
    });

  it("never lets another site's form make a signed-in administrator create a member", async () => {
    const admin = await sessionClient(testApp, { role: "Administrator" });
    const before = await userCount();
    for (const prefix of ESCAPED_PREFIXES)
      for (const path of ["/users", "/users/"]) {
        const url = `${prefix}${path}`;
        const name = `planted${Math.random().toString(36).slice(2, 8)}`;
        const response = await crossSiteForm(
          url,
          `name=${name}&email=${name}@example.com&password=long+password+1`,
          admin.client.cookie ?? "",
        );
        expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
        expect(response.json()).toEqual({ message: UNPLAIN_PATH_MESSAGE, status: 400 });
      }
    expect(await userCount()).toBe(before);
  });

  it("never signs a visitor into someone else's account from another site's form", async () => {
    const attacker = await createTestUser(testApp.context);
    for (const prefix of ESCAPED_PREFIXES) {
      const url = `${prefix}/authenticate/password`;
      const response = await crossSiteForm(url, `username=${attacker.name}&password=${attacker.password}`);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.cookies.find((cookie) => cookie.name === cookieName)).toBeUndefined();
    }
  });

  it("keeps an administrator without two-factor authentication from changing settings under any spelling", async () => {
    const admin = await sessionClient(testApp, { role: "Administrator" });
    const other = await sessionClient(testApp, { role: "Administrator" });
    expect(
      (await admin.client.patch("/api/v2/config", { "security.twoFactor.requiredForAdministrators": true }))
        .status,
    ).toBe(204);
    await testApp.context.settings.refresh();
    for (const prefix of ["/api/v2", ...ESCAPED_PREFIXES]) {
      const response = await other.client.patch(`${prefix}/config`, { "garden.title": "Changed" });
      expect({ prefix, status: response.status }).toEqual({
        prefix,
        status: prefix === "/api/v2" ? 403 : 400,
      });
    }
    expect((await other.client.patch("/api/v2/config", { "garden.title": "Changed" })).body).toMatchObject({
      message: TWO_FACTOR_REQUIRED_MESSAGE,
    });
    expect(
      (await admin.client.get<Record<string, string>>("/api/v2/config?select=garden.title")).body[
        "garden.title"
      ],
    ).not.toBe("Changed");
    // Off again for the other tests (the administrators here cannot: they have no second factor).
    await testApp.context.settings.write(
      testApp.context.db,
      { "security.twoFactor.requiredForAdministrators": false },
      admin.user.userID,
    );
    await testApp.context.settings.refresh();
  });

  it("answers an escaped API address in the API.md shape, never with a page or a sign-in redirect", async () => {
    for (const prefix of ESCAPED_PREFIXES) {
      const url = `${prefix}/mail-outbox`;
      const response = await testApp.app.inject({ url, headers: { host: "localhost:80" } });
      expect({ url, status: response.statusCode, type: response.headers["content-type"] }).toEqual({
        url,
        status: 400,
        type: "application/json; charset=utf-8",
      });
    }
  });

  describe("form bodies on the plain API address", () => {
    let admin: TestClient;
    let token: string;

    beforeAll(async () => {
      admin = (await sessionClient(testApp, { role: "Administrator" })).client;
      const user = await createTestUser(testApp.context, { role: "Administrator" });
      token = `token-${user.userID}-${Date.now()}`;
      await testApp.context.db
        .insertInto("accessTokens")
        .values({
          tokenHash: hashToken(token),
          userID: user.userID,
          name: "script",
          dateInserted: nowIso(),
          dateExpires: null,
        })
        .execute();
    });

    const formRequest = (contentType: string, payload: string, headers: Record<string, string>) =>
      testApp.app.inject({
        method: "POST",
        url: "/api/v2/users",
        headers: { host: "localhost:80", "content-type": contentType, ...headers },
        payload,
      });

    const member = () => {
      const name = `formed${Math.random().toString(36).slice(2, 8)}`;
      return { name, email: `${name}@example.com`, password: "long password 1" };
    };

    it("refuses urlencoded and text bodies with 415, for a script's token and the site's own page alike", async () => {
      const before = await userCount();
      const callers: Record<string, Record<string, string>> = {
        token: { authorization: `Bearer ${token}` },
        page: {
          "x-requested-with": "vanilla",
          referer: `${TEST_ORIGIN}/`,
          cookie: `${cookieName}=${admin.cookie ?? ""}`,
        },
      };
      for (const [who, headers] of Object.entries(callers)) {
        const fields = member();
        for (const [type, payload] of [
          [FORM, new URLSearchParams(fields).toString()],
          ["text/plain", JSON.stringify(fields)],
        ] as const) {
          const response = await formRequest(type, payload, headers);
          expect({ who, type, status: response.statusCode }).toEqual({ who, type, status: 415 });
          expect(response.json()).toMatchObject({ message: "Unsupported Media Type", status: 415 });
        }
      }
      expect(await userCount()).toBe(before);
      // The same caller with JSON is served: only the body's type was refused.
      const json = await formRequest("application/json", JSON.stringify(member()), callers.token ?? {});
      expect(json.statusCode).toBe(201);
    });

    it("refuses another site's multipart form, to the upload route and to others", async () => {
      const boundary = "----crosssite";
      const payload =
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
      const before = await testApp.context.db.selectFrom("media").select("mediaID").execute();
      for (const url of ["/api/v2/media", "/api/v2/users", "/%61pi/v2/media"]) {
        const response = await crossSiteForm(
          url,
          payload,
          admin.cookie ?? "",
          `multipart/form-data; boundary=${boundary}`,
        );
        expect({ url, refused: response.statusCode >= 400 && response.statusCode < 500 }).toEqual({
          url,
          refused: true,
        });
      }
      expect(await testApp.context.db.selectFrom("media").select("mediaID").execute()).toEqual(before);
    });
  });
});
