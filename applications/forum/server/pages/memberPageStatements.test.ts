import type { Discussion } from "@forum/api/discussions";
import {
  createTestApp,
  sitePath,
  testDialects,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";

/**
 * How many SQL statements a signed-in member's discussion page and discussions list run (29 and 8 before the
 * discussion row, the reaction types and the records' categories were read once; 21 for the page before the
 * reaction counts and the member's own reactions were read once for the discussion and its comments together;
 * 19 before the discussion's author was read with the comments' authors; 18 before a page's comments were read
 * in one statement instead of their ids, then their rows; 17 before the staff's role badges were kept in memory;
 * 16 before the authors' signatures were read with the authors).
 * The counts do not depend on the number of comments or discussions shown: a change that adds a statement per
 * post fails here.
 */
const CORE_DISCUSSION_PAGE_STATEMENTS = 15;
const CORE_DISCUSSIONS_JSON_STATEMENTS = 7;
/**
 * What the add-ons a fresh site runs add, at most one statement per kind of row: the page reads its authors' rank
 * labels and asks whether any group hides discussions; the list asks the latter and reads its discussions'
 * groups (the `groupID` field).
 */
const ADDON_DISCUSSION_PAGE_STATEMENTS = 2;
const ADDON_DISCUSSIONS_JSON_STATEMENTS = 2;
const DISCUSSION_PAGE_LIMIT = CORE_DISCUSSION_PAGE_STATEMENTS + ADDON_DISCUSSION_PAGE_STATEMENTS;
const DISCUSSIONS_JSON_LIMIT = CORE_DISCUSSIONS_JSON_STATEMENTS + ADDON_DISCUSSIONS_JSON_STATEMENTS;

/** Reads the server repeats on a timer, whichever request they land in: not counted. */
const PERIODIC_REFRESHES = [
  /^select "key", "enabled" from "addons"/,
  /^select "key", "value" from "configValues"/,
];

describe.each(testDialects)("statements of a signed-in member's pages on %s", (dialect) => {
  let testApp: TestApp;
  let member: TestClient;
  let discussion: Discussion;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const admin = (await forumClient(testApp, { role: "Administrator" })).client;
    member = (await forumClient(testApp, { name: "CountingReader" })).client;
    const writer = (await forumClient(testApp, { name: "CountingWriter" })).client;
    const category = await makeCategory(admin, { name: "Counting" });
    discussion = await makeDiscussion(writer, category.categoryID, "Counted statements");
    for (let index = 0; index < 6; index += 1) {
      const commentID = await makeComment(
        index % 2 ? admin : writer,
        discussion.discussionID,
        `Comment ${index}`,
      );
      await member.post(`/api/v2/comments/${commentID}/reactions`, { reactionType: "like" });
    }
    await member.post(`/api/v2/discussions/${discussion.discussionID}/reactions`, { reactionType: "like" });
    for (let index = 0; index < 4; index += 1)
      await makeDiscussion(index % 2 ? admin : writer, category.categoryID, `Listed ${index}`);
    // The first views do what only a first visit does (the read position, the session's last-seen time).
    await member.get(sitePath(discussion.url));
    await member.get("/api/v2/discussions");
  });
  afterAll(() => testApp.close());

  /**
   * The statements of the member's request, the fewest of three runs: background work (the job worker, a cache
   * reloaded after another test's write) can land inside one run and is not the request's own.
   */
  const statementsOf = async (url: string) => {
    const runs: string[][] = [];
    for (let run = 0; run < 3; run += 1) runs.push(await statementsOfOne(url));
    return runs.reduce((fewest, statements) => (statements.length < fewest.length ? statements : fewest));
  };
  /** The statements one request of the member runs, without the test client's job-queue drain after it. */
  const statementsOfOne = (url: string) =>
    testApp
      .statementsOf(async () => {
        const response = await testApp.app.inject({
          url,
          headers: { host: "localhost:80", cookie: `forum_session=${member.cookie ?? ""}` },
        });
        expect(response.statusCode).toBe(200);
      })
      .then((statements) =>
        statements.filter((text) => !PERIODIC_REFRESHES.some((refresh) => refresh.test(text))),
      );
  const countOf = (statements: string[], pattern: RegExp) =>
    statements.filter((text) => pattern.test(text)).length;

  it("runs a bounded number of statements for the discussion page", async () => {
    const statements = await statementsOf(sitePath(discussion.url));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(DISCUSSION_PAGE_LIMIT);
    // The discussion's row and the reaction types are read once for the whole page (or not at all, when a cache
    // kept them: TEST_CACHES=on).
    expect(countOf(statements, /^select \* from "discussions"/)).toBeLessThanOrEqual(1);
    expect(countOf(statements, /from "reactionTypes"/)).toBeLessThanOrEqual(1);
    // The authors, with their signatures (shown by default), in one read (none when the shared page was kept).
    expect(countOf(statements, /from "users" where "userID" in/)).toBeLessThanOrEqual(1);
  });

  it("reads the page's comments without their source or plain text, which it does not show", async () => {
    // Anything public changed: the page renders again and reads its comments.
    await testApp.context.caches.publish(["content"]);
    const statements = await statementsOfOne(sitePath(discussion.url));
    const commentReads = statements.filter((text) => /from "comments"/.test(text) && /"bodyHtml"/.test(text));
    expect(commentReads).toHaveLength(1);
    expect(commentReads[0]).not.toMatch(/"comments"\."body"[ ,]|"bodyText"|"comments"\.\*/);
    // Asked for it, the comments JSON still gives each comment's source.
    const { body } = await member.get(`/api/v2/comments?discussionID=${discussion.discussionID}&expand=raw`);
    const sources = (body as { bodyRaw: string }[]).map((comment) => comment.bodyRaw);
    expect(sources).toHaveLength(6);
    expect(sources[0]).toContain('"text":"Comment 0"');
  });

  it("keeps the reaction types in memory until a write naming them retires them", async () => {
    const typeReads = async () =>
      countOf(await statementsOfOne(sitePath(discussion.url)), /from "reactionTypes"/);
    await statementsOfOne(sitePath(discussion.url));
    expect(await typeReads()).toBe(0);
    await testApp.context.caches.publish(["reactionTypes"]);
    expect(await typeReads()).toBe(1);
    expect(await typeReads()).toBe(0);
  });

  it("runs a bounded number of statements for the discussions JSON list", async () => {
    const statements = await statementsOf("/api/v2/discussions");
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(DISCUSSIONS_JSON_LIMIT);
  });
});
