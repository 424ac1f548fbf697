import { Type } from "@sinclair/typebox";
import type { ServerApplication } from "../app/serverApplication";
import { createTestApp, type TestApp } from "../testing/testApp";

/** One route with a query schema and a response schema, and one whose response schema cannot compile. */
const probeApplication: ServerApplication = {
  key: "probe",
  name: "Probe",
  registerApi(api) {
    api.get(
      "/probe",
      {
        schema: {
          querystring: Type.Object({ limit: Type.Optional(Type.Integer({ maximum: 5 })) }),
          response: { 200: Type.Object({ shown: Type.String() }) },
        },
      },
      async () => ({ shown: "yes", hidden: "never serialized" }),
    );
  },
};

describe("route schemas compiled on first use", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp("sqlite", [probeApplication]);
  });
  afterAll(() => testApp.close());

  it("validates and serializes as a schema compiled up front would, compiling each once", async () => {
    const waiting = testApp.schemas.pending;
    expect(waiting).toBeGreaterThan(0);

    const refused = await testApp.guest().get("/api/v2/probe?limit=9");
    expect(refused.status).toBe(422);
    const served = await testApp.guest().get("/api/v2/probe?limit=2");
    expect(served.status).toBe(200);
    expect(served.body).toEqual({ shown: "yes" });
    // The query validator and the 200 serializer compiled; asking again compiles nothing more.
    const afterUse = testApp.schemas.pending;
    expect(afterUse).toBeLessThanOrEqual(waiting - 2);
    await testApp.guest().get("/api/v2/probe?limit=3");
    expect(testApp.schemas.pending).toBe(afterUse);
  });
});

describe("a schema that cannot compile", () => {
  it("is reported by compileAll", async () => {
    const broken: ServerApplication = {
      key: "broken",
      name: "Broken",
      registerApi(api) {
        api.get(
          "/broken",
          { schema: { querystring: { type: "object", properties: { a: { $ref: "#/nowhere" } } } } },
          async () => ({}),
        );
      },
    };
    const testApp = await createTestApp("sqlite", [broken]);
    try {
      await expect(testApp.schemas.compileAll(false)).rejects.toThrow(/nowhere|resolve/i);
    } finally {
      await testApp.close();
    }
  });
});
