import type { ServerApplication } from "../app/serverApplication";
import { sessionClient } from "../testing/factories";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import { PageDates } from "./lastModified";

/** A page whose text the test changes: each change is a new body, so a new Last-Modified. */
let text = "first";
const pageApplication: ServerApplication = {
  key: "datedPage",
  name: "Dated page",
  registerPages(app) {
    app.get("/dated", async (_request, reply) =>
      reply.type("text/html; charset=utf-8").send(`<p>${text}</p>`),
    );
  },
};

describe.each(testDialects)("Last-Modified on pages (%s)", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, [pageApplication]);
  });
  afterAll(() => testApp.close());

  const get = (headers: Record<string, string> = {}) =>
    testApp.app.inject({ url: "/dated", headers: { host: "localhost:80", ...headers } });

  it("sends Last-Modified beside the ETag and answers If-Modified-Since with 304 while the page is unchanged", async () => {
    text = "unchanged";
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    const lastModified = String(first.headers["last-modified"]);
    expect(new Date(lastModified).toUTCString()).toBe(lastModified);

    const again = await get({ "if-modified-since": lastModified });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers["last-modified"]).toBe(lastModified);
    // An earlier date: the client's copy is older than the page.
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get({ "if-modified-since": earlier })).statusCode).toBe(200);
  });

  it("gives a changed page a later date, so the old date gets the new body", async () => {
    text = "before the edit";
    const before = await get();
    const beforeDate = String(before.headers["last-modified"]);
    text = "after the edit";
    const after = await get({ "if-modified-since": beforeDate });
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe("<p>after the edit</p>");
    expect(Date.parse(String(after.headers["last-modified"]))).toBeGreaterThan(Date.parse(beforeDate));
  });

  it("lets If-None-Match decide when both are sent", async () => {
    text = "validators";
    const first = await get();
    const response = await get({
      "if-modified-since": String(first.headers["last-modified"]),
      "if-none-match": 'W/"something-else"',
    });
    expect(response.statusCode).toBe(200);
  });

  it("gives a signed-in member's page the ETag alone and ignores If-Modified-Since", async () => {
    text = "member";
    const { client } = await sessionClient(testApp);
    const guestDate = String((await get()).headers["last-modified"]);
    const response = await client.request("GET", "/dated", undefined, { "if-modified-since": guestDate });
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBeDefined();
    expect(response.headers["last-modified"]).toBeUndefined();
  });
});

describe("PageDates", () => {
  it("keeps a body's date, moves a new body at least a second later, and forgets the least recently changed page", () => {
    const dates = new PageDates(2);
    const t0 = Date.UTC(2026, 0, 1, 10, 0, 0, 200);
    expect(dates.dateFor("a", "1", t0)).toBe(Date.UTC(2026, 0, 1, 10, 0, 0));
    expect(dates.dateFor("a", "1", t0 + 5000)).toBe(Date.UTC(2026, 0, 1, 10, 0, 0));
    // Changed within the same second: still a later date than the one the old body was sent with.
    expect(dates.dateFor("a", "2", t0 + 300)).toBe(Date.UTC(2026, 0, 1, 10, 0, 1));
    dates.dateFor("b", "1", t0);
    dates.dateFor("c", "1", t0);
    expect(dates.dateFor("a", "2", t0 + 9000)).toBe(Date.UTC(2026, 0, 1, 10, 0, 9));
  });
});
