import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";

describe.each(testDialects)("the leaving interstitial on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("offers the external address as the way onward", async () => {
    const response = await testApp.app.inject({
      url: "/home/leaving?Target=https%3A%2F%2Fexample.org%2Fa%3Fb%3D1",
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="https://example.org/a?b=1"');
    expect(response.body).toContain('rel="nofollow noopener noreferrer"');
  });

  it("never links to a script or a data URL", async () => {
    for (const target of ["javascript:alert(1)", "data:text/html,x", "not a url"]) {
      const response = await testApp.app.inject({
        url: `/home/leaving?Target=${encodeURIComponent(target)}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(target);
    }
  });

  it("offers no way onward for an address with control characters or a name in front of the host", async () => {
    for (const target of [
      "https://exa\tmple.org/",
      "https://example.org/\r\nx",
      "https://community.example@evil.example/",
      "https://user:pass@example.org/",
      "//evil.example",
    ]) {
      const response = await testApp.app.inject({
        url: `/home/leaving?Target=${encodeURIComponent(target)}`,
      });
      expect({ target, status: response.statusCode }).toEqual({ target, status: 404 });
      expect(response.body).not.toContain("leavingPage-target");
    }
  });
});
