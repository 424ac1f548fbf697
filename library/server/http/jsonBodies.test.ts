import { Type } from "@sinclair/typebox";
import type { ServerApplication } from "../app/serverApplication";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";

const METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** Routes that say whether a body arrived, and one whose body is required by its schema. */
const bodyApplication: ServerApplication = {
  key: "bodies",
  name: "Bodies",
  registerApi(api) {
    for (const method of METHODS)
      api.route({
        method,
        url: "/body-echo",
        handler: async (request) => ({ hasBody: request.body !== undefined, body: request.body ?? null }),
      });
    api.post(
      "/body-required",
      { schema: { body: Type.Object({ name: Type.String() }) } },
      async (request) => request.body,
    );
  },
};

/** API.md 1.1, 1.9: a JSON content type without a body is a request without a body; bad JSON is a 400. */
describe.each(testDialects)("JSON request bodies on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, [bodyApplication]);
  });
  afterAll(() => testApp.close());

  const send = (method: string, url: string, headers: Record<string, string>, payload?: string) =>
    testApp.app.inject({
      method: method as (typeof METHODS)[number],
      url,
      headers: {
        "x-requested-with": "vanilla",
        referer: "http://localhost:80/",
        host: "localhost:80",
        ...headers,
      },
      ...(payload !== undefined ? { payload } : {}),
    });

  it("takes an empty body sent as JSON as no body, for every method", async () => {
    const headerSets: Record<string, string>[] = [
      { "content-type": "application/json" },
      { "content-type": "application/json; charset=utf-8", "content-length": "0" },
    ];
    for (const method of METHODS)
      for (const headers of headerSets) {
        const response = await send(method, "/api/v2/body-echo", headers);
        expect({ method, headers, status: response.statusCode, body: response.json<unknown>() }).toEqual({
          method,
          headers,
          status: 200,
          body: { hasBody: false, body: null },
        });
      }
  });

  it("still reads a JSON body that is sent", async () => {
    for (const method of METHODS) {
      const response = await send(
        method,
        "/api/v2/body-echo",
        { "content-type": "application/json" },
        '{"a":1}',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ hasBody: true, body: { a: 1 } });
    }
  });

  it("answers a route that needs a body as it answers a request without one", async () => {
    const withoutType = await send("POST", "/api/v2/body-required", {});
    const emptyJson = await send("POST", "/api/v2/body-required", { "content-type": "application/json" });
    expect(withoutType.statusCode).toBe(422);
    expect(emptyJson.statusCode).toBe(422);
    expect(emptyJson.json()).toEqual(withoutType.json());
  });

  it("refuses JSON that does not parse, or pollutes prototypes, with API.md's 400", async () => {
    for (const payload of ["{", " ", "nul", '{"__proto__":{"admin":true}}'])
      for (const method of METHODS) {
        const response = await send(
          method,
          "/api/v2/body-echo",
          { "content-type": "application/json" },
          payload,
        );
        expect({ method, payload, status: response.statusCode }).toEqual({ method, payload, status: 400 });
        expect(response.json()).toEqual({ message: "The request body is not valid JSON.", status: 400 });
      }
  });
});
