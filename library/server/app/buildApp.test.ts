import { Type } from "@sinclair/typebox";
import { setPagingHeaders } from "../http/pagination";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import type { ServerApplication } from "./serverApplication";

/** A throwaway application with one route that echoes its parsed query. */
const echoApplication: ServerApplication = {
  key: "echo",
  name: "Echo",
  registerApi(api) {
    api.get(
      "/echo",
      {
        schema: {
          querystring: Type.Object({
            expand: Type.Optional(Type.Array(Type.String())),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
          }),
        },
      },
      async (request) => ({ query: request.query }),
    );
    api.post("/echo", async () => ({ ok: true }));
    api.get("/paged", async (request, reply) => {
      const { page = "1", total } = request.query as { page?: string; total?: string };
      setPagingHeaders(
        request,
        reply,
        { page: Number(page), limit: 10, ...(total ? { total: Number(total) } : { count: 10 }) },
        null,
      );
      return [];
    });
  },
};

describe.each(testDialects)("server core on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, [echoApplication]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("answers an unknown API route with API.md's 404 body", async () => {
    const response = await testApp.guest().get("/api/v2/nothing-here");
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ message: "Not Found", status: 404 });
  });

  it("refuses a query string over the parameter limit with 400", async () => {
    const query = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join("&");
    const response = await testApp.guest().get(`/api/v2/echo?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: 400 });
  });

  it("refuses a query string nested deeper than 5 levels with 400", async () => {
    const response = await testApp.guest().get("/api/v2/echo?a[b][c][d][e][f][g]=1");
    expect(response.status).toBe(400);
  });

  it("accepts CSV, repeated keys and indexed brackets for array parameters (API.md 1.5)", async () => {
    const guest = testApp.guest();
    for (const query of [
      "expand=a,b",
      "expand=a&expand=b",
      "expand[0]=a&expand[1]=b",
      "expand[]=a&expand[]=b",
    ]) {
      const response = await guest.get<{ query: { expand: string[] } }>(`/api/v2/echo?${query}`);
      expect(response.status).toBe(200);
      expect(response.body.query.expand).toEqual(["a", "b"]);
    }
  });

  it("answers a value out of range with 422 and errors keyed by field", async () => {
    const response = await testApp.guest().get("/api/v2/echo?limit=50");
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      message: "Validation Failed",
      status: 422,
      errors: [{ field: "limit" }],
    });
  });

  it("refuses a write without the app marker header (CSRF, API.md 1.4)", async () => {
    const response = await testApp.guest().post("/api/v2/echo", {}, { "x-requested-with": "" });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: "Invalid CSRF token.", status: 403 });
    const foreign = await testApp.guest().post("/api/v2/echo", {}, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
  });

  it("accepts a write from the site itself", async () => {
    const response = await testApp.guest().post("/api/v2/echo", {});
    expect(response.status).toBe(200);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/v2/echo",
      headers: {
        "content-type": "text/csv",
        "x-requested-with": "vanilla",
        referer: "http://localhost:80/",
        host: "localhost:80",
      },
      payload: "a,b",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: 415 });
  });

  it("writes numbered pager headers and Link (API.md 1.7)", async () => {
    const response = await testApp.guest().get("/api/v2/paged?page=2&total=35&sort=name");
    expect(response.headers["x-app-page-current"]).toBe("2");
    expect(response.headers["x-app-page-limit"]).toBe("10");
    expect(response.headers["x-app-page-result-count"]).toBe("35");
    expect(response.headers["x-app-page-prev-url"]).toBe(
      "http://localhost:80/api/v2/paged?total=35&sort=name",
    );
    expect(response.headers["x-app-page-next-url"]).toBe(
      "http://localhost:80/api/v2/paged?total=35&sort=name&page=3",
    );
    expect(response.headers["x-app-page-last-url"]).toBe(
      "http://localhost:80/api/v2/paged?total=35&sort=name&page=4",
    );
    expect(response.headers.link).toContain('rel="next"');
    expect(response.headers["access-control-expose-headers"]).toContain("x-app-page-result-count");
  });

  it("writes a more pager when the total is unknown", async () => {
    const response = await testApp.guest().get("/api/v2/paged?page=1");
    expect(response.headers["x-app-page-result-count"]).toBeUndefined();
    expect(response.headers["x-app-page-next-url"]).toBe("http://localhost:80/api/v2/paged?page=2");
  });

  it("creates the default roles once", async () => {
    const roles = await testApp.context.db.selectFrom("roles").select("name").orderBy("sort").execute();
    expect(roles.map((role) => role.name)).toEqual([
      "Guest",
      "Unconfirmed",
      "Applicant",
      "Member",
      "Moderator",
      "Site Manager",
      "Administrator",
    ]);
  });
});
