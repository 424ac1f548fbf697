import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { createTestApp, sitePath, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { readStateBufferOf } from "../readState/readStateBuffer";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

/** The page's content: everything between the title bar and the bootstrap (what the shared rendering makes). */
function mainOf(page: string): string {
  const match = /<main[^>]*>([\s\S]*)<\/main>/.exec(page);
  if (!match?.[1]) throw new Error("The page has no main element.");
  return match[1];
}

/** Who may edit which post, from the page's PostActions mount points (props in single-quoted attributes). */
function editable(page: string): string[] {
  return [...page.matchAll(/data-react="PostActions" data-props='([^']*)'/g)]
    .map(
      (match) =>
        JSON.parse((match[1] ?? "").replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&amp;/g, "&")) as {
          recordType: string;
          recordID: number;
          canEdit: boolean;
        },
    )
    .filter((props) => props.canEdit)
    .map((props) => props.recordType);
}

/**
 * The read of a page's comments: in one statement (whole rows, or the columns a page shows), or by id after the
 * ids of a deep page.
 */
const READS_COMMENT_ROWS =
  /select "comments"\.\* from "comments"|"comments"\."bodyHtml"|from "comments" where "commentID" in/;

describe.each(testDialects)("discussion pages rendered once for members on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let author: SignedIn;
  let commenter: SignedIn;
  let reader: SignedIn;
  let moderator: SignedIn;
  let general: Category;
  let discussion: Discussion;
  let path: string;

  /** The page as the shared rendering serves it, then as it is rendered for this member alone. */
  async function bothWays(member: SignedIn, url = path) {
    await readStateBufferOf(testApp.context).flush();
    testApp.context.config.sharedPageSeconds = 60;
    const shared = await member.client.get(url);
    testApp.context.config.sharedPageSeconds = 0;
    const alone = await member.client.get(url);
    testApp.context.config.sharedPageSeconds = 60;
    await readStateBufferOf(testApp.context).flush();
    expect(shared.status).toBe(200);
    expect(alone.status).toBe(200);
    return { shared: shared.text, alone: alone.text, etag: String(shared.headers.etag ?? "") };
  }

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { sharedPageSeconds: 60 });
    admin = await forumClient(testApp, { role: "Administrator" });
    author = await forumClient(testApp);
    commenter = await forumClient(testApp);
    reader = await forumClient(testApp);
    moderator = await forumClient(testApp, { role: "Moderator" });
    general = await makeCategory(admin.client, { name: "General" });
    discussion = await makeDiscussion(author.client, general.categoryID, "Rendered Once");
    path = sitePath(discussion.url);
    for (let index = 0; index < 3; index += 1) await makeComment(commenter.client, discussion.discussionID);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("gives each member exactly the page rendered for them alone: reactions, bookmark, own posts", async () => {
    const commentIDs = (
      await reader.client.get<{ commentID: number }[]>(
        `/api/v2/comments?discussionID=${discussion.discussionID}&limit=30`,
      )
    ).body.map((comment) => comment.commentID);
    await reader.client.post(`/api/v2/discussions/${discussion.discussionID}/reactions`, {
      reactionType: "Like",
    });
    await reader.client.post(`/api/v2/comments/${commentIDs[1]}/reactions`, { reactionType: "Agree" });
    await reader.client.put(`/api/v2/discussions/${discussion.discussionID}/bookmark`, { bookmarked: true });
    // Every member first renders the page for all (the first request), then is served from it.
    for (const member of [reader, author, commenter, moderator, admin, reader]) {
      const { shared, alone } = await bothWays(member);
      expect(mainOf(shared)).toBe(mainOf(alone));
    }
    const readerPage = mainOf((await bothWays(reader)).shared);
    expect(readerPage).toContain('"bookmarked":true');
    expect(readerPage).toContain('"hasReacted":true');
    // Another member served from the same rendering has none of the reader's state.
    const commenterPage = mainOf((await bothWays(commenter)).shared);
    expect(commenterPage).not.toContain('"hasReacted":true');
    expect(commenterPage).not.toContain('"bookmarked":true');
    // The author may edit their own discussion; the commenter their own comments only.
    expect(editable(mainOf((await bothWays(author)).shared))).toEqual(["discussion"]);
    expect(editable(commenterPage)).toEqual(["comment", "comment", "comment"]);
    expect(editable(readerPage)).toEqual([]);
  });

  it("renders the page once for members of the same roles and reads only their own state after", async () => {
    await bothWays(reader);
    const statements = await testApp.statementsOf(() => commenter.client.get(path));
    expect(statements.some((sql) => READS_COMMENT_ROWS.test(sql))).toBe(false);
    expect(statements.some((sql) => /from "reactions" where "userID"/.test(sql))).toBe(true);
  });

  it("renders the shared page without reading any member's own state, then reads the member's once", async () => {
    await bothWays(reader);
    // Anything public changed: the next member's page renders the shared part again.
    await testApp.context.caches.publish(["content"]);
    const statements = await testApp.statementsOf(() => commenter.client.get(path));
    expect(statements.some((sql) => READS_COMMENT_ROWS.test(sql))).toBe(true);
    // The member a shared rendering is made for owns nothing and read nothing: no reads for them.
    const count = (pattern: RegExp) => statements.filter((sql) => pattern.test(sql)).length;
    expect(count(/from "userDiscussions" where "userID"/)).toBe(1);
    expect(count(/from "reactions" where "userID"/)).toBe(1);
    expect(count(/left join "readMarks"/)).toBeLessThanOrEqual(1);
  });

  it("points a returning member to their first unread comment on a later page, as their own page would", async () => {
    const long = await makeDiscussion(author.client, general.categoryID, "Two Pages Long");
    for (let index = 0; index < 32; index += 1) await makeComment(commenter.client, long.discussionID);
    const firstPage = sitePath(long.url);
    await reader.client.get(firstPage);
    const { shared, alone } = await bothWays(reader, firstPage);
    expect(mainOf(shared)).toBe(mainOf(alone));
    expect(mainOf(shared)).toMatch(/class="jumpToUnread-link" href="[^"]*\/p2#Comment_\d+"/);
    // The next member with the same roles, who has not opened it, gets no such link.
    const { shared: fresh } = await bothWays(await forumClient(testApp), firstPage);
    expect(mainOf(fresh)).not.toContain("jumpToUnread");
  });

  it("shows an acknowledged write on the next page a member loads", async () => {
    await bothWays(reader);
    await commenter.client.patch(`/api/v2/discussions/${discussion.discussionID}`, {});
    await makeComment(commenter.client, discussion.discussionID, "Posted just now");
    testApp.context.config.sharedPageSeconds = 60;
    const next = await reader.client.get(path);
    expect(next.text).toContain("Posted just now");
  });

  it("changes the ETag with the member's own state and answers 304 to the same", async () => {
    const first = await bothWays(reader);
    const again = await reader.client.get(path, { "if-none-match": first.etag });
    expect(again.status).toBe(304);
    const other = await bothWays(commenter);
    expect(other.etag).not.toBe(first.etag);
  });
});
