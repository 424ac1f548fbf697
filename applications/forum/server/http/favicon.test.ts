import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";

describe.each(testDialects)("the site icon (%s)", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ url, headers: { host: "localhost:80" } });

  it("links the product's icon from every page and sends /favicon.ico to it", async () => {
    const home = await get("/");
    expect(home.body).toContain('<link rel="icon" href="/static/favicon.svg" />');
    const redirect = await get("/favicon.ico");
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe("/static/favicon.svg");
    const icon = await get("/static/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toContain("image/svg+xml");
  });

  it("uses the icon the administrator uploaded", async () => {
    const { client: admin } = await sessionClient(testApp, { role: "Administrator" });
    expect((await admin.patch("/api/v2/config", { "branding.favicon": "/uploads/icon.png" })).status).toBe(
      204,
    );
    await testApp.context.settings.refresh();
    expect((await get("/")).body).toContain('<link rel="icon" href="/uploads/icon.png" />');
    expect((await get("/favicon.ico")).headers.location).toBe("/uploads/icon.png");
  });
});
