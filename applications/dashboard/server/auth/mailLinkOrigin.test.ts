import { serverApplications } from "@applications/serverApplications";
import { createTestUser, sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { latestMailTo } from "../testing/dashboardTesting";

/** Headers of a request that claims another host (the CSRF check wants a same-site Referer for it). */
function asHost(host: string): Record<string, string> {
  return { host, referer: `http://${host}/` };
}

/** Password-reset link poisoning: mail links never come from a request's Host header. */
describe.each(testDialects)("mail links (%s)", (dialect) => {
  describe("without SITE_URL", () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications, { port: 3456 });
    });
    afterAll(() => testApp.close());

    const resetLinkFor = async (email: string, host: string) => {
      const response = await testApp.guest().post("/api/v2/users/request-password", { email }, asHost(host));
      expect(response.status).toBe(201);
      return (await latestMailTo(testApp.context, email))?.bodyText ?? "";
    };

    it("uses http://localhost:PORT before an administrator has visited, whatever Host says", async () => {
      await createTestUser(testApp.context, { email: "first@example.com" });
      const body = await resetLinkFor("first@example.com", "evil.example");
      expect(body).toContain("http://localhost:3456/entry/passwordreset/");
      expect(body).not.toContain("evil.example");
    });

    it("stores the origin an administrator first uses, and keeps it", async () => {
      const { client: admin } = await sessionClient(testApp, { role: "Administrator" });
      expect((await admin.get("/api/v2/users/me", asHost("forum.example.org"))).status).toBe(200);
      expect((await admin.get("/api/v2/users/me", asHost("other.example.net"))).status).toBe(200);
      await createTestUser(testApp.context, { email: "second@example.com" });
      const body = await resetLinkFor("second@example.com", "evil.example");
      expect(body).toContain("http://forum.example.org/entry/passwordreset/");
      expect(body).not.toContain("evil.example");
      expect(body).not.toContain("other.example.net");
      // A member's request never sets it.
      const config = await admin.get<Record<string, string>>("/api/v2/config?select=garden.siteOrigin");
      expect(config.body["garden.siteOrigin"]).toBe("http://forum.example.org");
    });

    it("builds registration and confirmation mails the same way", async () => {
      const { client: admin } = await sessionClient(testApp, { role: "Administrator" });
      const configured = await admin.patch(
        "/api/v2/config",
        { isConfirmEmailRequired: true },
        asHost("forum.example.org"),
      );
      expect(configured.status).toBe(204);
      const registered = await testApp.guest().post(
        "/api/v2/users/register",
        {
          name: "Newcomer",
          email: "newcomer@example.com",
          password: "a long enough password",
          termsOfService: true,
        },
        asHost("evil.example"),
      );
      expect(registered.status).toBeLessThan(300);
      const mail = await latestMailTo(testApp.context, "newcomer@example.com");
      expect(mail?.bodyText).toContain("http://forum.example.org/");
      expect(mail?.bodyText).not.toContain("evil.example");
    });
  });

  describe("with SITE_URL and ALLOWED_HOSTS", () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications, {
        siteUrl: "https://community.example.com",
        allowedHosts: ["localhost:80"],
      });
    });
    afterAll(() => testApp.close());

    it("links to SITE_URL and refuses hosts it was not told about", async () => {
      await createTestUser(testApp.context, { email: "third@example.com" });
      const refused = await testApp.guest().get("/api/v2/discussions", asHost("evil.example"));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message: "This site does not answer to that host name.", status: 400 });
      const response = await testApp
        .guest()
        .post(
          "/api/v2/users/request-password",
          { email: "third@example.com" },
          { referer: "https://community.example.com/" },
        );
      expect(response.status).toBe(201);
      const body = (await latestMailTo(testApp.context, "third@example.com"))?.bodyText ?? "";
      expect(body).toContain("https://community.example.com/entry/passwordreset/");
    });
  });
});
