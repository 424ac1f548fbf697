import type { Discussion } from "@forum/api/discussions";
import type { HydratedLayout } from "@forum/api/layouts";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";
import { mountPointsOf, nodesOf, widgetsOf } from "./pageTreeTesting";

/** Fields a page view itself changes: the reader's position and the view count. */
const READING_FIELDS = new Set(["dateLastViewed", "countViews", "countUnread", "unread"]);

describe.each(testDialects)("the discussion page tree on %s", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;
  let discussion: Discussion;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    const signer = await forumClient(testApp, { name: "TreeSigner" });
    member = signer.client;
    await member.patch(`/api/v2/users/${signer.user.userID}`, { signature: "Yours, **TreeSigner**" });
    const category = await makeCategory(admin, { name: "Tree Test" });
    discussion = await makeDiscussion(member, category.categoryID, "One tree, two renderers");
    await makeComment(member, discussion.discussionID, "A signed comment");
    await makeComment(admin, discussion.discussionID, "An unsigned comment");
  });
  afterAll(() => testApp.close());

  const page = async (url: string, client: TestClient | null) =>
    (
      await testApp.app.inject({
        url,
        headers: {
          host: "localhost:80",
          ...(client?.cookie ? { cookie: `forum_session=${client.cookie}` } : {}),
        },
      })
    ).body;
  const layout = async (client: TestClient | null) => {
    const url = `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${discussion.discussionID}&params[page]=1`;
    const response = await (client ?? testApp.guest()).get<HydratedLayout>(url);
    expect(response.status).toBe(200);
    return response.body;
  };

  it.each([
    ["a member", () => member],
    ["an administrator", () => admin],
    ["a guest", () => null],
  ])(
    "gives %s the same widgets with the same props on the server page and from lookup-hydrate",
    async (_who, who) => {
      const client = who();
      const [html, tree] = await Promise.all([page(discussion.url, client), layout(client)]);
      expect(mountPointsOf(html)).toEqual(widgetsOf(tree.layout));
      const components = nodesOf(tree.layout).map((node) => node.$reactComponent);
      for (const name of ["ReactionsBar", "PostActions", "PostSignature", "CommentItem"])
        expect(components).toContain(name);
      // A guest has nothing to bookmark with: no toggle (and none of its code) on their page.
      if (client) expect(components).toContain("BookmarkToggle");
      else expect(components).not.toContain("BookmarkToggle");
      // The plain-HTML nodes are on the page too: the posts and both signatures of the signed author.
      expect(html).toContain(`id="Discussion_${discussion.discussionID}"`);
      expect(html.match(/class="signature"/g)).toHaveLength(2);
      expect(components.filter((name) => name === "CommentItem")).toHaveLength(2);
      expect(html.match(/<article class="post post-comment[" ]/g)).toHaveLength(2);
    },
  );

  it("offers the options menu to the author and administrators, and the composer to members only", async () => {
    const has = (tree: HydratedLayout, name: string) =>
      nodesOf(tree.layout).some((node) => node.$reactComponent === name);
    const [asAdmin, asGuest] = [await layout(admin), await layout(null)];
    expect(has(asAdmin, "DiscussionOptionsMenu")).toBe(true);
    expect(has(asAdmin, "CommentComposer")).toBe(true);
    expect(has(asGuest, "DiscussionOptionsMenu")).toBe(false);
    expect(has(asGuest, "CommentComposer")).toBe(false);
  });

  it("prints the same tree into the single-page app when the post layout is on", async () => {
    expect((await admin.patch("/api/v2/config", { "customLayout.post": true })).status).toBe(204);
    await testApp.context.settings.refresh();
    try {
      const html = await page(discussion.url, member);
      const printed = /<script type="application\/json" id="initial-layout">(.*?)<\/script>/s.exec(html)?.[1];
      const initial = JSON.parse(printed ?? "null") as { data: HydratedLayout };
      // The first view moves the member's reading and the view count on (written in the background): those
      // fields may differ between the two answers, everything else must not.
      const steady = (tree: unknown) =>
        JSON.parse(JSON.stringify(tree), (key, value: unknown) =>
          READING_FIELDS.has(key) ? undefined : value,
        ) as unknown;
      expect(steady(initial.data)).toEqual(steady(await layout(member)));
    } finally {
      await admin.patch("/api/v2/config", { "customLayout.post": false });
      await testApp.context.settings.refresh();
    }
  });
});
