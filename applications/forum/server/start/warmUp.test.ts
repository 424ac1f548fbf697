import { WARM_UP_PATHS, warmUp } from "@library/server/app/warmUp";
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

  it("asks for pages and lists every site serves, answered without an error, and counts no view", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const category = await makeCategory(admin.client, { name: "Warm" });
    const discussion = await makeDiscussion(admin.client, category.categoryID, "Read first");
    const answers = await warmUp(testApp.app);
    expect(answers).toEqual(WARM_UP_PATHS.map((url) => ({ url, statusCode: 200 })));
    expect(viewCounterOf(testApp.context).pendingFor(discussion.discussionID)).toBe(0);
  });

  it("goes on past a path that is refused", async () => {
    expect(await warmUp(testApp.app, ["/api/v2/discussions?limit=nonsense", "/"])).toEqual([
      { url: "/api/v2/discussions?limit=nonsense", statusCode: 422 },
      { url: "/", statusCode: 200 },
    ]);
  });
});
