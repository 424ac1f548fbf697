import type { Discussion } from "@forum/api/discussions";
import { createTestApp, sitePath, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";
import { viewCounterOf } from "./viewCounter";

describe.each(testDialects)("discussion views on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    // With the guest micro-cache on, as a site runs: cached answers must count too.
    testApp = await createTestApp(dialect, serverApplications, { guestCacheSeconds: 60 });
  });
  afterAll(() => testApp.close());

  it("counts every page view, members' and guests' (cached or not), written in one batch", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const member = await forumClient(testApp);
    const category = await makeCategory(admin.client, { name: "Viewed" });
    const discussion = await makeDiscussion(admin.client, category.categoryID, "Much viewed");
    const path = sitePath(discussion.url);
    for (let index = 0; index < 3; index += 1) expect((await member.client.get(path)).status).toBe(200);
    const guest = testApp.guest();
    const first = await guest.get(path);
    const second = await guest.get(path);
    expect(second.headers["x-guest-cache"]).toBe("hit");
    expect([first.status, second.status]).toEqual([200, 200]);
    const counter = viewCounterOf(testApp.context);
    expect(counter.pendingFor(discussion.discussionID)).toBe(5);
    await counter.flush();
    const stored = await admin.client.get<Discussion>(`/api/v2/discussions/${discussion.discussionID}`);
    expect(stored.body.countViews).toBe(5);
    expect(counter.pendingFor(discussion.discussionID)).toBe(0);
  });

  it("skips a discussion deleted before the write", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const category = await makeCategory(admin.client, { name: "Gone soon" });
    const discussion = await makeDiscussion(admin.client, category.categoryID, "Brief");
    const counter = viewCounterOf(testApp.context);
    counter.record(discussion.discussionID);
    expect((await admin.client.delete(`/api/v2/discussions/${discussion.discussionID}`)).status).toBe(204);
    await expect(counter.flush()).resolves.toBeUndefined();
  });
});
