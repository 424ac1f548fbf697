import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

/** Every inline `<script>` of a page is a JSON data block: the policy allows no inline script to run. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1] ?? "");
}

describe.each(testDialects)("security headers (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { siteUrl: "https://forum.example.com" });
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
  });
  afterAll(() => testApp.close());

  const get = (url: string) =>
    testApp.guest().get(url, { host: "forum.example.com", referer: "https://forum.example.com/" });

  it("sends a script policy without inline script on pages, and nosniff, referrer policy and HSTS everywhere", async () => {
    for (const url of ["/", "/discussions", "/categories", "/entry/signin"]) {
      const page = await get(url);
      expect(page.status).toBe(200);
      const policy = String(page.headers["content-security-policy"]);
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain("unsafe-eval");
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(policy).toContain("frame-ancestors 'self'");
      expect(
        inlineScripts(page.text).every((attributes) => attributes.includes('type="application/json"')),
      ).toBe(true);
      expect(page.headers["x-content-type-options"]).toBe("nosniff");
      expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    }
    const api = await get("/api/v2/discussions");
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect(api.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(api.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'self'");
  });

  it("lets trusted sites frame the forum only when the administrator allows embedding", async () => {
    const allowed = await admin.patch(
      "/api/v2/config",
      { "garden.embed.allow": true, "garden.embed.trustedOrigins": "https://blog.example.com" },
      { host: "forum.example.com", referer: "https://forum.example.com/" },
    );
    expect(allowed.status).toBe(204);
    await testApp.context.settings.refresh();
    const page = await get("/");
    expect(String(page.headers["content-security-policy"])).toContain(
      "frame-ancestors 'self' https://blog.example.com",
    );
    const refused = await admin.patch(
      "/api/v2/config",
      { "garden.embed.trustedOrigins": "https://x.example.com; script-src *" },
      { host: "forum.example.com", referer: "https://forum.example.com/" },
    );
    expect(refused.status).toBe(422);
  });
});
