import { WARM_UP_PATHS, warmUp } from "@library/server/app/warmUp";
import { pageViewCounterOf, pageViewsByDay } from "@library/server/pageViews/pageViewCounter";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { viewCounterOf } from "../readState/viewCounter";
import { forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";

describe.each(testDialects)("the start's warm-up on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  /** Every page view written so far, all days together. */
  const pageViewsWritten = async () => {
    await pageViewCounterOf(testApp.context).flush();
    const byDay = await pageViewsByDay(testApp.context.db, "2000-01-01");
    return [...byDay.values()].reduce((sum, views) => sum + views, 0);
  };

  it("asks for pages and lists every site serves, answered without an error, and counts no view", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const category = await makeCategory(admin.client, { name: "Warm" });
    const discussion = await makeDiscussion(admin.client, category.categoryID, "Read first");
    const pageViews = await pageViewsWritten();
    const answers = await warmUp(testApp.app, testApp.context);
    expect(answers).toEqual(WARM_UP_PATHS.map((url) => ({ url, statusCode: 200 })));
    expect(viewCounterOf(testApp.context).pendingFor(discussion.discussionID)).toBe(0);
    // Its pages are not the site's page views (the dashboard's traffic); a visitor's page after it is.
    expect(await pageViewsWritten()).toBe(pageViews);
    expect(testApp.context.warmingUp).toBe(false);
    expect((await testApp.app.inject({ url: "/discussions" })).statusCode).toBe(200);
    expect(await pageViewsWritten()).toBe(pageViews + 1);
  });

  it("goes on past a path that is refused", async () => {
    expect(await warmUp(testApp.app, testApp.context, ["/api/v2/discussions?limit=nonsense", "/"])).toEqual([
      { url: "/api/v2/discussions?limit=nonsense", statusCode: 422 },
      { url: "/", statusCode: 200 },
    ]);
  });
});
