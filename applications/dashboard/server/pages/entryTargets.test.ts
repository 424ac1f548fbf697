import { createTestUser, TEST_PASSWORD } from "@library/server/testing/factories";
import { createTestApp, testDialects, TEST_ORIGIN, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";

/** Targets that lead off the site, or into a header of their own, as a browser would read them. */
const HOSTILE_TARGETS = [
  "//evil.example",
  "//evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "\t//evil.example",
  "/\n/evil.example",
  "\n",
  "\r\n",
  "/x\r\nSet-Cookie: planted=1",
  "https://evil.example",
  "HTTPS://evil.example/x",
  "http:evil.example",
  "javascript:alert(1)",
  "data:text/html,x",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
];

/** Escapes that stay escaped: the browser reads them as a path on this site. */
const ESCAPED_TARGETS = ["/%09/evil.example", "/%0D%0A/x", "/%2509/evil.example"];

const SITE = new URL(TEST_ORIGIN);

/** Where a browser goes with this Location header, read from the page that sent it. */
function followsTo(location: string | undefined): string {
  return new URL(location ?? "", `${TEST_ORIGIN}/entry/signin`).host;
}

describe.each(testDialects)("Target after sign-in, sign-out and registration (%s)", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  const post = (url: string, fields: Record<string, string>, cookie?: string) =>
    testApp.app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: TEST_ORIGIN,
        host: "localhost:80",
        ...(cookie ? { cookie: `forum_session=${cookie}` } : {}),
      },
      payload: new URLSearchParams(fields).toString(),
    });

  const get = (url: string, cookie?: string) =>
    testApp.app.inject({
      url,
      headers: { host: "localhost:80", ...(cookie ? { cookie: `forum_session=${cookie}` } : {}) },
    });

  async function signIn(): Promise<string> {
    const user = await createTestUser(testApp.context);
    const response = await post("/entry/signin", { username: user.name, password: TEST_PASSWORD });
    return response.cookies.find((cookie) => cookie.name === "forum_session")?.value ?? "";
  }

  function expectOnSite(label: string, response: { statusCode: number; headers: { location?: unknown } }) {
    const location = String(response.headers.location);
    expect({ label, redirected: response.statusCode === 302 || response.statusCode === 303 }).toEqual({
      label,
      redirected: true,
    });
    expect({ label, host: followsTo(location) }).toEqual({ label, host: SITE.host });
    return location;
  }

  it("sends a signed-in member who opens sign-in or registration home, never to another site", async () => {
    const session = await signIn();
    for (const target of [...HOSTILE_TARGETS, ...ESCAPED_TARGETS])
      for (const page of ["/entry/signin", "/entry/register"]) {
        const label = `${page} ${JSON.stringify(target)}`;
        const location = expectOnSite(
          label,
          await get(`${page}?Target=${encodeURIComponent(target)}`, session),
        );
        if (HOSTILE_TARGETS.includes(target)) expect({ label, location }).toEqual({ label, location: "/" });
      }
  });

  it("sends a guest who opens sign-out home", async () => {
    for (const target of [...HOSTILE_TARGETS, ...ESCAPED_TARGETS]) {
      const label = `/entry/signout ${JSON.stringify(target)}`;
      const location = expectOnSite(label, await get(`/entry/signout?Target=${encodeURIComponent(target)}`));
      if (HOSTILE_TARGETS.includes(target)) expect({ label, location }).toEqual({ label, location: "/" });
    }
  });

  it("follows only same-site Targets after the sign-in and sign-out forms", async () => {
    const user = await createTestUser(testApp.context);
    for (const target of [...HOSTILE_TARGETS, ...ESCAPED_TARGETS]) {
      const label = `signin ${JSON.stringify(target)}`;
      const signedIn = await post("/entry/signin", {
        username: user.name,
        password: TEST_PASSWORD,
        Target: target,
      });
      const location = expectOnSite(label, signedIn);
      if (HOSTILE_TARGETS.includes(target)) expect({ label, location }).toEqual({ label, location: "/" });
      const session = signedIn.cookies.find((cookie) => cookie.name === "forum_session")?.value ?? "";
      expectOnSite(
        `signout ${JSON.stringify(target)}`,
        await post("/entry/signout", { Target: target }, session),
      );
    }
  });

  it("still returns to a same-site Target, in its normal form", async () => {
    const session = await signIn();
    for (const [target, location] of [
      ["/discussions?page=2#latest", "/discussions?page=2#latest"],
      ["/profile/中文", "/profile/%E4%B8%AD%E6%96%87"],
    ] as const)
      expect(
        (await get(`/entry/signin?Target=${encodeURIComponent(target)}`, session)).headers.location,
      ).toBe(location);
  });

  it("returns a new member to a same-site place only", async () => {
    const name = `target${dialect}`;
    const response = await post("/entry/register", {
      email: `${name}@example.com`,
      name,
      password: "long enough pass",
      passwordConfirm: "long enough pass",
      Target: "/\t/evil.example",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/");
  });
});
