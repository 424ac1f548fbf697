import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { HydratedLayout } from "@forum/api/layouts";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion, rich2 } from "../testing/forumTesting";
import { mountPointsOf, nodesOf, widgetsOf } from "./pageTreeTesting";

describe.each(testDialects)("the threaded discussion page on %s", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;
  let discussion: Discussion;
  let first: number;
  let nested: number;
  let deepest: number;

  const reply = async (parentCommentID: number, text: string) => {
    const response = await admin.post<Comment>("/api/v2/comments", {
      discussionID: discussion.discussionID,
      parentCommentID,
      body: rich2(text),
      format: "rich2",
    });
    if (response.status !== 201) throw new Error(response.text);
    return response.body.commentID;
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    member = (await forumClient(testApp)).client;
    const category = await makeCategory(admin, { name: "Threaded", replyDisplay: "threaded" });
    discussion = await makeDiscussion(admin, category.categoryID, "A long thread");
    first = await makeComment(admin, discussion.discussionID, "The first top-level comment");
    for (let index = 2; index <= 31; index += 1)
      await makeComment(admin, discussion.discussionID, `Top ${index}`);
    // Posted last: the flat view's page 2, the threaded view's page 1 (under the first comment).
    nested = await reply(first, "A nested reply");
    let parent = nested;
    for (let depth = 3; depth <= 5; depth += 1) parent = await reply(parent, `Depth ${depth}`);
    deepest = parent;
    const gone = await reply(first, "Words that must go");
    await reply(gone, "A reply that stays");
    const deleted = await admin.delete(`/api/v2/comments/${gone}`, { deleteMethod: "tombstone" });
    if (deleted.status !== 204) throw new Error(deleted.text);
  });
  afterAll(() => testApp.close());

  const get = (url: string, client: TestClient | null, cookie = "") =>
    testApp.app.inject({
      url,
      headers: {
        host: "localhost:80",
        cookie: [client?.cookie ? `forum_session=${client.cookie}` : "", cookie].filter(Boolean).join("; "),
      },
    });
  const layout = async (client: TestClient, params = "") => {
    const response = await client.get<HydratedLayout>(
      `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${discussion.discussionID}&params[page]=1${params}`,
    );
    expect(response.status).toBe(200);
    return response.body;
  };

  it("nests replies under their comment, keeps a tombstone in place and continues deep threads", async () => {
    const html = (await get(discussion.url, member)).body;
    expect(html).toMatch(
      new RegExp(
        `id="Replies_${first}"[^>]*>\\s*<li class="commentReplies-item">\\s*<article [^>]*id="Comment_${nested}"`,
      ),
    );
    expect(html).toContain("This comment was deleted.");
    expect(html).not.toContain("Words that must go");
    expect(html).toContain("A reply that stays");
    expect(html).toContain("Continue this thread");
    expect(html).not.toContain(`id="Comment_${deepest}"`);
    expect(html).toContain('aria-current="true">Threaded');
    // Both renderers draw the same widgets.
    expect(mountPointsOf(html)).toEqual(widgetsOf((await layout(member)).layout));
    const names = nodesOf((await layout(member)).layout).map((node) => node.$reactComponent);
    for (const name of [
      "CommentReplies",
      "CommentTombstone",
      "ThreadHole",
      "ThreadToggle",
      "ReplyDisplaySwitch",
    ])
      expect(names).toContain(name);
  });

  it("offers Reply under comments above the maximum depth only", async () => {
    const canReply = new Map(
      nodesOf((await layout(member)).layout)
        .filter((node) => node.$reactComponent === "PostActions")
        .map((node) => {
          const props = node.$reactProps as { recordID: number; canReply?: boolean };
          return [props.recordID, props.canReply === true];
        }),
    );
    expect(canReply.get(first)).toBe(true);
    expect(canReply.get(nested)).toBe(true);
    const focused = new Map(
      nodesOf((await layout(member, `&params[focus]=${deepest}`)).layout)
        .filter((node) => node.$reactComponent === "PostActions")
        .map((node) => {
          const props = node.$reactProps as { recordID: number; canReply?: boolean };
          return [props.recordID, props.canReply === true];
        }),
    );
    expect(focused.get(deepest)).toBe(false);
  });

  it("sends a permalink to the right page of either view, expanding the path to a nested reply", async () => {
    const threaded = await get(`/discussion/comment/${deepest}`, member);
    expect(threaded.statusCode).toBe(302);
    expect(threaded.headers.location).toMatch(
      new RegExp(`/discussion/${discussion.discussionID}/[^/?]+\\?focus=${deepest}#Comment_${deepest}$`),
    );
    const page = await get(String(threaded.headers.location).replace(/#.*/, ""), member);
    expect(page.body).toContain(`id="Comment_${deepest}"`);

    const flat = await get(`/discussion/comment/${nested}?replyDisplay=flat&hasDraft=true`, member);
    expect(flat.headers.location).toMatch(
      new RegExp(`/p2\\?replyDisplay=flat&hasDraft=true#Comment_${nested}$`),
    );
    const flatPage = await get(String(flat.headers.location).replace(/#.*/, ""), member);
    expect(flatPage.body).toContain(`id="Comment_${nested}"`);
    expect(flatPage.body).not.toContain("commentReplies-list");

    const hydrated = await member.get<{ redirectTo: string }>(
      `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=comment&recordID=${deepest}`,
    );
    expect(hydrated.body.redirectTo).toContain(`?focus=${deepest}#Comment_${deepest}`);
    expect((await get("/discussion/comment/99999999", member)).statusCode).toBe(404);
  });

  it("follows the reader's choice: a member's stored one, a guest's cookie", async () => {
    expect((await member.put("/api/v2/comments/reply-display", { replyDisplay: "flat" })).status).toBe(200);
    const asMember = (await get(discussion.url, member)).body;
    expect(asMember).not.toContain("commentReplies-list");
    expect(asMember).toContain('aria-current="true">Flat');
    await member.put("/api/v2/comments/reply-display", { replyDisplay: null });
    expect((await get(discussion.url, member)).body).toContain("commentReplies-list");

    expect((await get(discussion.url, null)).body).toContain("commentReplies-list");
    expect((await get(discussion.url, null, "replyDisplay=flat")).body).not.toContain("commentReplies-list");
  });
});
