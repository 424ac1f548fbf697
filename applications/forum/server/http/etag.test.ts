import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";

/** Unchanged pages and lists revalidate with 304 and no body. */
describe.each(testDialects)("validators (%s)", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  const get = (url: string, ifNoneMatch?: string) =>
    testApp.app.inject({
      url,
      headers: { host: "localhost:80", ...(ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}) },
    });

  it("answers 304 to a revalidation of an unchanged page or list, and 200 once it changed", async () => {
    const { client: admin } = await sessionClient(testApp, { role: "Administrator" });
    const category = await admin.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Tagged",
      urlcode: "tagged",
    });
    for (const url of ["/categories", "/api/v2/categories"]) {
      const first = await get(url);
      const validator = String(first.headers.etag);
      expect(validator).toMatch(/^W\/".+"$/);
      const again = await get(url, validator);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
    }
    const before = String((await get("/api/v2/categories")).headers.etag);
    await admin.patch(`/api/v2/categories/${category.body.categoryID}`, { name: "Renamed" });
    const changed = await get("/api/v2/categories", before);
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain("Renamed");
  });
});
