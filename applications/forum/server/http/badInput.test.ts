import net from "node:net";
import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import {
  createTestApp,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";

/** Defects a fuzz found: bad input that reached a handler or the database and answered 500. */
describe.each(testDialects)("bad input answers 4xx in the API.md shape (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;
  let memberID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    const signedIn = await sessionClient(testApp);
    member = signedIn.client;
    memberID = signedIn.user.userID;
  });
  afterAll(() => testApp.close());

  const postPageForm = (url: string, payload: string, contentType = "application/x-www-form-urlencoded") =>
    testApp.app.inject({
      method: "POST",
      url,
      headers: { host: "localhost:80", referer: `${TEST_ORIGIN}/`, "content-type": contentType },
      payload,
    });

  it("refuses a page form with a repeated field or non-text JSON values with 400", async () => {
    for (const [url, payload, type] of [
      ["/entry/signin", "username=a&username=b&password=x", undefined],
      ["/entry/register", "name=a&name=b&email=x@example.com&password=p", undefined],
      ["/entry/passwordrequest", "email=a&email=b", undefined],
      ["/entry/signin", JSON.stringify({ username: ["a"], password: 1 }), "application/json"],
      ["/entry/signin", JSON.stringify(["a"]), "application/json"],
    ] as const) {
      const response = await postPageForm(url, payload, type);
      expect({ url, payload, status: response.statusCode }).toEqual({ url, payload, status: 400 });
      expect(response.json()).toMatchObject({
        status: 400,
        message: "The form could not be read: send each field once, as text.",
      });
    }
  });

  it("refuses page numbers JavaScript cannot hold with 422, on every paged list", async () => {
    for (const path of [
      "/api/v2/discussions",
      "/api/v2/comments?discussionID=1&",
      "/api/v2/users",
      "/api/v2/notifications",
      "/api/v2/categories",
    ]) {
      for (const page of ["1e309", "99999999999999999999", "-1e309"]) {
        const url = `${path}${path.includes("?") ? "" : "?"}page=${page}`;
        const response = await admin.get<{ status: number; errors?: { field: string }[] }>(url);
        expect({ url, status: response.status }).toEqual({ url, status: 422 });
        expect(response.body.errors?.[0]?.field).toBe("page");
      }
    }
  });

  it("refuses an array in a nullable text field with 422 and writes nothing", async () => {
    const category = await admin.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Fuzzed",
      urlcode: "fuzzed",
      description: "Before",
    });
    const role = await admin.post<{ roleID: number }>("/api/v2/roles", {
      name: "Fuzz role",
      description: "Before",
    });
    for (const [url, body] of [
      [`/api/v2/categories/${category.body.categoryID}`, { description: ["d"] }],
      [`/api/v2/roles/${role.body.roleID}`, { description: ["d"] }],
      [`/api/v2/users/${memberID}`, { title: ["d"] }],
      [`/api/v2/users/${memberID}`, { signature: ["d"] }],
      [`/api/v2/users/${memberID}`, { title: { nested: "d" } }],
    ] as const) {
      const response = await admin.patch<{ status: number }>(url, body);
      expect({ url, body, status: response.status }).toEqual({ url, body, status: 422 });
    }
    expect(
      (await admin.get<{ description: string }>(`/api/v2/categories/${category.body.categoryID}`)).body
        .description,
    ).toBe("Before");
    expect(
      (await admin.get<{ description: string }>(`/api/v2/roles/${role.body.roleID}`)).body.description,
    ).toBe("Before");
  });

  it("answers a missing static file with a 404 body, not a crash", async () => {
    for (const url of ["/static/missing.css", "/dist/x.js", "/applications/dashboard/design/none.png"]) {
      const response = await testApp.app.inject({ url, headers: { host: "localhost:80" } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.json()).toEqual({ message: "Not Found", status: 404 });
    }
  });

  it("answers the framework's own refusals in the API.md shape", async () => {
    for (const [url, status] of [
      ["/api/v2/discussions/%E0%A4%A", 400],
      ["/discussion/%zz/x", 400],
      [`/api/v2/users/${"a".repeat(600)}`, 414],
    ] as const) {
      const response = await testApp.app.inject({ url, headers: { host: "localhost:80" } });
      expect({ url: url.slice(0, 40), status: response.statusCode }).toEqual({
        url: url.slice(0, 40),
        status,
      });
      expect(response.json()).toEqual({ message: expect.any(String), status });
    }
  });

  it("answers a request line over 16 KB with a 431 body in the API.md shape", async () => {
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const address = testApp.app.server.address();
    if (!address || typeof address === "string") throw new Error("The test server has no port.");
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(address.port, "127.0.0.1", () => {
        socket.write(`GET /api/v2/discussions?x=${"a".repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
      });
      let received = "";
      socket.on("data", (chunk) => (received += chunk.toString()));
      socket.on("close", () => resolve(received));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4))).toEqual({
      message: "The request line or headers are too large.",
      status: 431,
    });
  });

  it("keeps paging links to the route's own parameters, and leaves out links that would be huge", async () => {
    const junk = await member.get(`/api/v2/discussions?limit=1&junk=${"j".repeat(8000)}`);
    expect(junk.status).toBe(200);
    expect(String(junk.headers.link)).not.toContain("junk");
    const headerBytes = Object.entries(junk.headers).reduce(
      (sum, [name, value]) => sum + name.length + String(value).length,
      0,
    );
    expect(headerBytes).toBeLessThan(2048);
    const huge = await member.get(
      `/api/v2/discussions?limit=1&insertUserID=1&categoryID=${"1".repeat(3000)}`,
    );
    expect(huge.headers["x-app-page-first-url"]).toBeUndefined();
  });

  it("still accepts a single value where the query takes a list", async () => {
    const response = await member.get<unknown[]>("/api/v2/discussions?discussionID=1");
    expect(response.status).toBe(200);
  });
});
