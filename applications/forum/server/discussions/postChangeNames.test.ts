import { recordNames } from "@library/server/cache/recordNames";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("what discussion and comment writes retire on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  const retired = { categories: 0, discussions: 0 };
  const published: string[][] = [];

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    const layer = testApp.context.caches;
    layer.define({
      name: "test categories",
      dependsOn: ["category:*"],
      retire: () => (retired.categories += 1),
    });
    layer.define({
      name: "test discussions",
      dependsOn: ["discussion:*"],
      retire: () => (retired.discussions += 1),
    });
    const publish = layer.publish.bind(layer);
    layer.publish = async (names) => {
      published.push([...names]);
      await publish(names);
    };
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("names the discussion, its category, the comment and the authors instead of everything public", async () => {
    const first = await makeCategory(admin.client, { name: "Names First" });
    const second = await makeCategory(admin.client, { name: "Names Second" });
    const thread = await makeDiscussion(member.client, first.categoryID, "Named thread");
    published.length = 0;
    const before = { ...retired };
    const commentID = await makeComment(member.client, thread.discussionID, "A named comment");
    expect(published[0]?.sort()).toEqual(
      [
        recordNames.category(first.categoryID),
        recordNames.comment(commentID),
        recordNames.discussion(thread.discussionID),
        recordNames.user(member.user.userID),
      ].sort(),
    );
    expect(published[0]).not.toContain(recordNames.content);
    expect(retired.categories).toBeGreaterThan(before.categories);
    expect(retired.discussions).toBeGreaterThan(before.discussions);

    published.length = 0;
    const moved = await admin.client.patch(`/api/v2/discussions/${thread.discussionID}`, {
      categoryID: second.categoryID,
    });
    expect(moved.status).toBe(200);
    expect(published[0]).toEqual(
      expect.arrayContaining([
        recordNames.category(first.categoryID),
        recordNames.category(second.categoryID),
      ]),
    );

    published.length = 0;
    expect((await admin.client.delete(`/api/v2/comments/${commentID}`)).status).toBe(204);
    expect(published[0]).toEqual(
      expect.arrayContaining([recordNames.comment(commentID), recordNames.category(second.categoryID)]),
    );
  });
});
