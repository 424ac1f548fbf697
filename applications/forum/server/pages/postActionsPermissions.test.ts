import type { PostActionsProps } from "@forum/api/widgetProps";
import { readWidgetProps } from "@library/server/testing/widgetProps";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";

describe.each(testDialects)("what each reader may do with each post of a page on %s", (dialect) => {
  let testApp: TestApp;
  let moderator: TestClient;
  let author: { client: TestClient; userID: number };
  let other: { client: TestClient; userID: number };
  let url: string;
  let discussionID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const admin = (await forumClient(testApp, { role: "Administrator" })).client;
    moderator = (await forumClient(testApp, { role: "Moderator" })).client;
    const first = await forumClient(testApp);
    const second = await forumClient(testApp);
    author = { client: first.client, userID: first.user.userID };
    other = { client: second.client, userID: second.user.userID };
    const category = await makeCategory(admin, { name: "Post Rights" });
    const discussion = await makeDiscussion(author.client, category.categoryID, "Who may edit what");
    discussionID = discussion.discussionID;
    url = new URL(discussion.url).pathname;
    await makeComment(author.client, discussionID, "The author's own reply");
    await makeComment(other.client, discussionID, "Someone else's reply");
    await makeComment(author.client, discussionID, "The author again");
  });
  afterAll(async () => {
    await testApp.close();
  });

  /** The PostActions of the page as `client` reads it: the original post first, then each comment. */
  const actionsOf = async (client?: TestClient) =>
    readWidgetProps<PostActionsProps>((await (client ?? testApp.guest()).page(url)).body, "PostActions");
  const setTimeout = (seconds: number) =>
    testApp.context.settings.write(testApp.context.db, { "ui.editContentTimeout": seconds }, 0);

  it("lets an author edit their own posts within the edit window, and no one else's", async () => {
    await setTimeout(3600);
    const before = Date.now();
    const [original, own, others, again] = await actionsOf(author.client);
    for (const post of [original, own, again]) {
      expect(post?.canEdit).toBe(true);
      const until = Date.parse(post?.editableUntil ?? "");
      expect(until).toBeGreaterThan(before + 3500 * 1000);
      expect(until).toBeLessThan(before + 3700 * 1000);
    }
    expect(others).toMatchObject({ canEdit: false, editableUntil: null, canDelete: false, canComment: true });
    expect(own).toMatchObject({ canDelete: false, canComment: true, recordType: "comment" });
    const [, ownSeenByOther, othersOwn] = await actionsOf(other.client);
    expect(ownSeenByOther).toMatchObject({ canEdit: false, editableUntil: null });
    expect(othersOwn).toMatchObject({ canEdit: true });
  });

  it("gives an author no time limit at -1 and no editing past the window", async () => {
    await setTimeout(-1);
    const [, own, others] = await actionsOf(author.client);
    expect(own).toMatchObject({ canEdit: true, editableUntil: null });
    expect(others).toMatchObject({ canEdit: false, editableUntil: null });
    await setTimeout(0);
    await new Promise((resolve) => globalThis.setTimeout(resolve, 5));
    const [original, late] = await actionsOf(author.client);
    expect(original).toMatchObject({ canEdit: false, editableUntil: null });
    expect(late).toMatchObject({ canEdit: false, editableUntil: null });
  });

  it("lets a moderator edit and delete every post at any time, and closing stops the author", async () => {
    await setTimeout(0);
    for (const post of await actionsOf(moderator)) {
      expect(post).toMatchObject({ canEdit: true, editableUntil: null, canDelete: true, canComment: true });
    }
    await setTimeout(3600);
    expect((await moderator.patch(`/api/v2/discussions/${discussionID}`, { closed: true })).status).toBe(200);
    for (const post of await actionsOf(author.client)) {
      expect(post).toMatchObject({ canEdit: false, editableUntil: null, canComment: false });
    }
    for (const post of await actionsOf(moderator))
      expect(post).toMatchObject({ canEdit: true, canComment: true });
  });

  it("shows a guest the posts without any action of a member", async () => {
    for (const post of await actionsOf()) {
      expect(post).toMatchObject({
        canEdit: false,
        editableUntil: null,
        canDelete: false,
        canComment: false,
      });
    }
  });
});
