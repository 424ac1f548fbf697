import { createTestApp, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";

// Route schemas compile on first use (library/server/http/schemaCompilations.ts): this is where a schema that
// does not compile fails, rather than on the first request a member makes to its route.
describe("every route of the product, add-ons included", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp("sqlite", serverApplications);
  });
  afterAll(() => testApp.close());

  it("has request and response schemas that compile (a broken one fails here, not on its first request)", async () => {
    expect(testApp.schemas.pending).toBeGreaterThan(100);
    await testApp.schemas.compileAll(false);
    expect(testApp.schemas.pending).toBe(0);
  });
});
