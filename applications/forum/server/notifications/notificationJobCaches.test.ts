import type { Discussion } from "@forum/api/discussions";
import {
  createTestApp,
  sitePath,
  TestClient,
  testDialects,
  type TestApp,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion, rich2 } from "../testing/forumTesting";

/** Caches on for far longer than the test: only the cache layer can retire a page. */
const CACHES_ON = { guestCacheSeconds: 600, sharedPageSeconds: 600 };

describe.each(testDialects)("what a notification job retires (%s)", (dialect) => {
  let testApp: TestApp;
  /** Clients that do not run the queue after their requests: the test runs it when it chooses. */
  let raw: (cookie: string | null) => TestClient;

  beforeAll(async () => {
    // The core alone: add-ons' subscribers to `comment.created` (search, ranks) are jobs of their own.
    testApp = await createTestApp(dialect, serverApplications, CACHES_ON, { addons: [] });
    const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
    raw = (cookie) => {
      const client = new TestClient(testApp.app, cookieName);
      client.cookie = cookie;
      return client;
    };
  });
  afterAll(() => testApp.close());

  it("leaves an unrelated discussion's cached page cached and retires the recipients' own state", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const author = await forumClient(testApp);
    const commenter = await forumClient(testApp);
    const category = await makeCategory(admin.client, { name: "Allotments" });
    const busy = await makeDiscussion(author.client, category.categoryID, "Seed swap this spring");
    const unrelated: Discussion = await makeDiscussion(author.client, category.categoryID, "Rain barrels");
    await makeComment(commenter.client, busy.discussionID, "Count me in");

    const response = await raw(commenter.client.cookie).post("/api/v2/comments", {
      discussionID: busy.discussionID,
      body: rich2("Bringing beans"),
      format: "rich2",
    });
    expect(response.status).toBe(201);
    const guest = raw(null);
    const page = sitePath(unrelated.url);
    expect((await guest.get(page)).status).toBe(200);
    expect((await guest.get(page)).headers["x-guest-cache"]).toBe("hit");
    const memberVersion = testApp.context.caches.memberVersion;

    expect(await testApp.context.jobs.drain()).toBeGreaterThan(0);
    const notified = await testApp.context.db
      .selectFrom("notifications")
      .select("activityType")
      .where("userID", "=", author.user.userID)
      .where("recordType", "=", "comment")
      .execute();
    expect(notified).toHaveLength(2);
    expect((await guest.get(page)).headers["x-guest-cache"]).toBe("hit");
    expect(testApp.context.caches.memberVersion).toBeGreaterThan(memberVersion);
  });
});
