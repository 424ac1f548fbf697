import { serverApplications } from "@applications/serverApplications";
import {
  postCategory,
  signedInCast,
  makeDiscussion,
  makeComment,
  type SignedIn,
} from "@library/server/testing/apiPosts";
import { createSession } from "@library/server/auth/sessions";
import { sessionClient } from "@library/server/testing/factories";
import {
  createTestApp,
  createTestAppsSharingDatabase,
  TEST_ORIGIN,
  testDialects,
  type TestApp,
} from "@library/server/testing/testApp";
import type { AnalyticsPrivacy, AnalyticsReport, TickResponse } from "../api/analyticsApi";
import { anonymizeCookieName } from "./privacy/analyticsPrivacy";
import { analyticsBufferOf } from "./tick/analyticsBuffer";
import { EVENTS_PER_PART, storeBatch } from "./tick/storeBatch";

const today = () => new Date().toISOString().slice(0, 10);

/** Hands an app's buffered ticks to the job queue and runs the jobs, as its worker would a moment later. */
async function storeTicks(testApp: TestApp): Promise<void> {
  await analyticsBufferOf(testApp.context).flush();
  await testApp.context.jobs.drain();
}

/** The stored events by url: who sent each (null when not known). */
async function sendersByUrl(testApp: TestApp): Promise<Record<string, [number | null, boolean]>> {
  const rows = await testApp.context.db
    .selectFrom("analyticsEvents")
    .select(["url", "userID", "ipAddress"])
    .execute();
  return Object.fromEntries(rows.map((row) => [row.url, [row.userID, row.ipAddress !== null]]));
}

describe.each(testDialects)("analytics (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let reader: SignedIn;
  let private_: SignedIn;
  let discussionID: number;
  /** Whether the search add-on runs (it tells of searches that found nothing). */
  let searchRuns = false;

  const store = () => storeTicks(testApp);
  const countViews = async () =>
    (
      await testApp.context.db
        .selectFrom("discussions")
        .select("countViews")
        .where("discussionID", "=", discussionID)
        .executeTakeFirstOrThrow()
    ).countViews;
  const eventRows = () =>
    testApp.context.db.selectFrom("analyticsEvents").select(["type", "userID", "ipAddress", "url"]).execute();
  const report = (query = "") => admin.client.get<AnalyticsReport>(`/api/v2/analytics/report${query}`);

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const cast = await signedInCast(testApp);
    ({ admin } = cast);
    reader = cast.member;
    private_ = cast.other;
    expect((await admin.client.patch("/api/v2/addons/analytics", { enabled: true })).status).toBe(200);
    searchRuns = (await admin.client.get<{ enabled: boolean }>("/api/v2/addons/search")).body.enabled;
    const categoryID = await postCategory(testApp, admin.client, "Analytics Talk");
    discussionID = await makeDiscussion(reader.client, categoryID, "Counted thread");
    await makeComment(admin.client, discussionID, "A reply");
  });
  afterAll(() => testApp.close());

  it("refuses ticks without the fields their type needs (422 by field) and stores nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "page_viewed", url: "/" }, "type"],
      [{ type: "page_view" }, "url"],
      [{ type: "discussion_view", url: "/discussion/1" }, "discussionID"],
      [{ type: "externalNavigation", url: "/" }, "destinationUrl"],
    ];
    for (const [body, field] of cases) {
      const response = await testApp.guest().post<{ errors?: { field: string }[] }>("/api/v2/tick", body);
      expect(response.status).toBe(422);
      expect(response.body.errors?.map((error) => error.field)).toContain(field);
    }
    const bot = await testApp
      .guest()
      .post<TickResponse>("/api/v2/tick", { type: "page_view", url: "/" }, { "user-agent": "Googlebot/2.1" });
    expect(bot).toMatchObject({ status: 201, body: { didTrack: false, message: "Bot request" } });
    await store();
    expect(await eventRows()).toEqual([]);
  });

  it("writes nothing on the request path, then stores a batch once and adds its discussion views", async () => {
    const before = await countViews();
    const memberGeneration = testApp.context.caches.memberVersion;
    const statements = await testApp.statementsOf(async () => {
      const tick = await reader.client.post<TickResponse>("/api/v2/tick", {
        type: "page_view",
        url: `/discussion/${discussionID}?token=secret&page=2`,
      });
      expect(tick).toMatchObject({ status: 201, body: { didTrack: true } });
      for (let i = 0; i < 3; i++)
        await reader.client.post("/api/v2/tick", {
          type: "discussion_view",
          url: `/discussion/${discussionID}`,
          discussionID,
        });
    });
    // (The test client runs due jobs after each request: the queue's own bookkeeping is not the tick's.)
    const writes =
      /^\s*(insert into|update|delete from) "(analyticsEvents|analyticsBatches|jobs"\s*\(|discussions)/i;
    expect(statements.filter((text) => writes.test(text))).toEqual([]);
    // Nor does a tick retire any cache (here or, through the names it would publish, in another process).
    expect(testApp.context.caches.memberVersion).toBe(memberGeneration);
    expect(analyticsBufferOf(testApp.context).size).toBe(4);
    await store();
    expect(await countViews()).toBe(before + 3);
    // The pages themselves no longer count (the forum writes its own count about once a second): no view twice.
    expect((await reader.client.get(`/discussion/${discussionID}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await countViews()).toBe(before + 3);
    const rows = await eventRows();
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.userID === reader.user.userID && row.ipAddress !== null)).toBe(true);
    expect(rows.map((row) => row.url)).toContain(`/discussion/${discussionID}?page=2`);

    // The same batch run again (a job retried after a crash) counts nothing twice.
    const event = {
      type: "discussion_view",
      dateInserted: new Date().toISOString(),
      userID: null,
      ipAddress: null,
      visitorKey: null,
      url: "/d",
      referrer: "",
      discussionID,
      categoryID: null,
      destinationUrl: null,
      searchTerms: null,
      countResults: null,
    };
    // A batch is written in parts of its own transactions: two here, each written once.
    const payload = {
      batchID: "batch-twice",
      events: Array.from({ length: EVENTS_PER_PART + 2 }, () => event),
    };
    expect(await storeBatch(testApp.context, payload)).toBe(true);
    expect(await storeBatch(testApp.context, payload)).toBe(false);
    expect(await countViews()).toBe(before + 3 + EVENTS_PER_PART + 2);
    expect(await eventRows()).toHaveLength(4 + EVENTS_PER_PART + 2);
  });

  it("attributes a tick to the session's member only while the session is valid, and refuses cross-site ticks as every write", async () => {
    await testApp.context.db.deleteFrom("analyticsEvents").execute();
    const leaving = await sessionClient(testApp);
    const token = leaving.client.cookie;
    const tick = (url: string, headers?: Record<string, string>) =>
      leaving.client.post<TickResponse>("/api/v2/tick", { type: "page_view", url }, headers);
    expect(await tick("/signed-in")).toMatchObject({ status: 201, body: { didTrack: true } });

    // Another site's page cannot send ticks in a visitor's name: the CSRF answer of every other API write.
    const crossSite: Record<string, string>[] = [
      { "x-requested-with": "" },
      { referer: "https://elsewhere.example/page" },
      { origin: "https://elsewhere.example" },
    ];
    for (const headers of crossSite) {
      const refused = await tick("/cross-site", headers);
      const otherWrite = await leaving.client.post(
        "/api/v2/analytics/privacy",
        { AnonymizeData: "0" },
        headers,
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(otherWrite.body);
    }

    expect((await leaving.client.post("/api/v2/authenticate/signout")).status).toBe(204);
    const signedOut = testApp.guest();
    signedOut.cookie = token;
    expect(
      await signedOut.post<TickResponse>("/api/v2/tick", { type: "page_view", url: "/signed-out" }),
    ).toMatchObject({ status: 201, body: { didTrack: true } });
    await store();
    expect(await sendersByUrl(testApp)).toEqual({
      "/signed-in": [leaving.user.userID, true],
      "/signed-out": [null, true],
    });
  });

  it("keeps members' and guests' choice to be anonymized: their events carry no id and no address", async () => {
    expect((await testApp.guest().get("/api/v2/analytics/privacy")).status).toBe(403);
    expect((await testApp.guest().post("/api/v2/analytics/privacy", { AnonymizeData: "1" })).status).toBe(
      403,
    );
    expect((await private_.client.get<AnalyticsPrivacy>("/api/v2/analytics/privacy")).body).toEqual({
      AnonymizeData: "-1",
    });
    expect((await private_.client.post("/api/v2/analytics/privacy", { AnonymizeData: "2" })).status).toBe(
      422,
    );
    // What they did before choosing loses their id too: stored events and those still waiting in the buffer.
    await testApp.context.db.deleteFrom("analyticsEvents").execute();
    await private_.client.post("/api/v2/tick", { type: "page_view", url: "/before" });
    await store();
    expect((await eventRows())[0]?.userID).toBe(private_.user.userID);
    await private_.client.post("/api/v2/tick", { type: "page_view", url: "/waiting" });
    const chosen = await private_.client.post<AnalyticsPrivacy>("/api/v2/analytics/privacy", {
      AnonymizeData: "1",
    });
    expect(chosen).toMatchObject({ status: 200, body: { AnonymizeData: "1" } });
    expect(
      (await private_.client.get<AnalyticsPrivacy>("/api/v2/analytics/privacy")).body.AnonymizeData,
    ).toBe("1");

    await private_.client.post("/api/v2/tick", { type: "page_view", url: "/discussions" });
    const cookie = `${anonymizeCookieName(testApp.context)}=1`;
    await testApp.guest().post("/api/v2/tick", { type: "page_view", url: "/categories" }, { cookie });
    await testApp.guest().post("/api/v2/tick", { type: "page_view", url: "/" });
    await store();
    const rows = await eventRows();
    expect(rows.filter((row) => row.url !== "/").map((row) => [row.userID, row.ipAddress])).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(rows.find((row) => row.url === "/")?.ipAddress).not.toBeNull();
    const mine = await report(`?userID=${private_.user.userID}`);
    expect(mine.body.memberViews).toBe(0);
  });

  it("reports views, visitors, posts, active members, top discussions and empty searches to those allowed", async () => {
    expect((await reader.client.get("/api/v2/analytics/report")).status).toBe(403);
    expect((await testApp.guest().get("/api/v2/analytics/report")).status).toBe(403);
    expect((await report("?from=2026-02-10&to=2026-01-01")).status).toBe(422);
    expect((await report("?from=2020-01-01&to=2026-01-01")).status).toBe(422);

    await reader.client.post("/api/v2/tick", { type: "page_view", url: "/" });
    for (let i = 0; i < 2; i++)
      await reader.client.post("/api/v2/tick", { type: "discussion_view", url: "/d", discussionID });
    for (let i = 0; i < 2; i++)
      await reader.client.post("/api/v2/tick", {
        type: "search",
        searchResults: 0,
        searchQuery: { originalQuery: "Unicorn Paint" },
      });
    await reader.client.post("/api/v2/tick", {
      type: "search",
      searchResults: 3,
      searchQuery: { originalQuery: "found" },
    });
    // The search add-on tells of searches that found nothing (not of autocompletes).
    if (searchRuns) {
      expect((await reader.client.get("/api/v2/search?query=Zebra%20Quartz")).status).toBe(200);
      expect((await reader.client.get("/api/v2/search?query=Zebra&collapse=true")).status).toBe(200);
      await testApp.context.events.settled();
    }
    await store();
    const response = await report(`?from=${today()}&to=${today()}&userID=${reader.user.userID}`);
    expect(response.status).toBe(200);
    // Anonymized views (the previous case's) count as views; whose they were is not known.
    const [day] = response.body.days;
    expect(day).toMatchObject({ date: today(), views: 6, visitors: 2, posts: 2 });
    expect(day?.activeMembers).toBeGreaterThanOrEqual(2);
    expect(response.body.topDiscussions[0]).toMatchObject({ discussionID, name: "Counted thread", views: 2 });
    expect(response.body.searchesWithoutResults).toEqual([
      { terms: "unicorn paint", count: 2 },
      ...(searchRuns ? [{ terms: "zebra quartz", count: 1 }] : []),
    ]);
    expect(response.body.memberViews).toBe(3);
    expect((await report()).body.days).toHaveLength(30);
  });

  it("answers 404 while disabled and keeps what it stored", async () => {
    expect((await admin.client.patch("/api/v2/addons/analytics", { enabled: false })).status).toBe(200);
    expect((await testApp.guest().post("/api/v2/tick", { type: "page_view", url: "/" })).status).toBe(404);
    expect((await eventRows()).length).toBeGreaterThan(0);
    expect((await admin.client.patch("/api/v2/addons/analytics", { enabled: true })).status).toBe(200);
    expect((await report()).status).toBe(200);
  });
});

describe.each(testDialects)("analytics on two server processes of one %s database", (dialect) => {
  let close: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // Caches kept far longer than the test: only the cache layer can make A's writes visible to B.
    const shared = await createTestAppsSharingDatabase(dialect, serverApplications, 2, {
      guestCacheSeconds: 600,
      sharedPageSeconds: 600,
    });
    close = shared.close;
    [a, b] = shared.apps as [TestApp, TestApp];
    const admin = await sessionClient(a, { role: "Administrator" });
    expect((await admin.client.patch("/api/v2/addons/analytics", { enabled: true })).status).toBe(200);
    await b.context.addons.refresh();
  });
  afterAll(() => close());

  it("stops attributing a member's ticks on B once A ended their session, or once they chose anonymization on A", async () => {
    const member = await sessionClient(a);
    const memberOnB = b.guest();
    memberOnB.cookie = member.client.cookie;
    const tickOnB = (url: string) =>
      memberOnB.post<TickResponse>("/api/v2/tick", { type: "page_view", url }, { "user-agent": "Firefox" });
    expect((await tickOnB("/before-revoke")).body).toEqual({ didTrack: true });
    // On A, in another browser, the member signs out their other sessions: B's session is one.
    const otherBrowser = a.guest();
    otherBrowser.cookie = (await createSession(a.context.db, member.user.userID, false)).token;
    expect((await otherBrowser.delete("/api/v2/sessions")).status).toBe(204);
    await tickOnB("/after-revoke");

    const chooser = await sessionClient(a);
    const chooserOnB = b.guest();
    chooserOnB.cookie = chooser.client.cookie;
    await chooserOnB.post("/api/v2/tick", { type: "page_view", url: "/before-choice" });
    await storeTicks(b);
    const chosen = await chooser.client.post("/api/v2/analytics/privacy", { AnonymizeData: "1" });
    expect(chosen.status).toBe(200);
    await chooserOnB.post("/api/v2/tick", { type: "page_view", url: "/after-choice" });
    await storeTicks(b);
    expect(await sendersByUrl(a)).toEqual({
      "/before-revoke": [member.user.userID, true],
      "/after-revoke": [null, true],
      // Choosing anonymization also takes the member off what was stored before.
      "/before-choice": [null, false],
      "/after-choice": [null, false],
    });
  });
});

for (const dialect of testDialects)
  describe(`analytics tick budget (${dialect})`, () => {
    let testApp: TestApp;
    let admin: SignedIn;

    beforeAll(async () => {
      // The budget holds while the site's rate limits are on (test apps turn them off by default).
      testApp = await createTestApp(dialect, serverApplications, { rateLimits: true });
      ({ admin } = await signedInCast(testApp));
      expect((await admin.client.patch("/api/v2/addons/analytics", { enabled: true })).status).toBe(200);
    });
    afterAll(() => testApp.close());

    const tickFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
      testApp.app.inject({
        method: "POST",
        url: "/api/v2/tick",
        remoteAddress,
        headers: {
          host: "localhost:80",
          referer: `${TEST_ORIGIN}/`,
          "x-requested-with": "vanilla",
          "content-type": "application/json",
          ...headers,
        },
        payload: JSON.stringify({ type: "page_view", url: "/budget" }),
      });

    it("refuses an address's events past its budget (429, Retry-After) while other addresses are counted", async () => {
      const setting = "analytics.ticksPerMinute";
      expect((await admin.client.get<Record<string, unknown>>("/api/v2/config")).body[setting]).toBe(600);
      expect((await admin.client.patch("/api/v2/config", { [setting]: -1 })).status).toBe(422);
      expect((await admin.client.patch("/api/v2/config", { [setting]: 3 })).status).toBe(204);
      for (let tick = 0; tick < 3; tick++) expect((await tickFrom("203.0.113.7")).statusCode).toBe(201);
      const refused = await tickFrom("203.0.113.7");
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: "You're doing that too often. Please wait a moment and try again.",
        status: 429,
      });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(20);
      // The address is the connection's while the site trusts no proxy: a forwarded header changes nothing.
      expect((await tickFrom("203.0.113.7", { "x-forwarded-for": "198.51.100.1" })).statusCode).toBe(429);
      const other = await tickFrom("203.0.113.8");
      expect(other.statusCode).toBe(201);
      expect(other.json()).toEqual({ didTrack: true });
      // Only the counted events were buffered; 0 lifts the budget.
      await storeTicks(testApp);
      const stored = await testApp.context.db
        .selectFrom("analyticsEvents")
        .select("ipAddress")
        .where("url", "=", "/budget")
        .execute();
      expect(stored.map((row) => row.ipAddress).sort()).toEqual([
        "203.0.113.7",
        "203.0.113.7",
        "203.0.113.7",
        "203.0.113.8",
      ]);
      expect((await admin.client.patch("/api/v2/config", { [setting]: 0 })).status).toBe(204);
      expect((await tickFrom("203.0.113.7")).statusCode).toBe(201);
    });
  });
