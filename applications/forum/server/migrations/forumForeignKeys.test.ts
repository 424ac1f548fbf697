import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { sql } from "kysely";
import {
  createForumTestApp,
  forumCast,
  makeCategory,
  makeComment,
  makeDiscussion,
} from "../testing/forumTesting";

/**
 * The message a statement fails with ("" when it succeeds). Not `rejects.toThrow`: better-sqlite3's native
 * binding keeps the error class of the first test file its worker loaded, so in later files its errors are not
 * instances of this file's Error and Jest reports "did not throw".
 */
function failureOf(statement: Promise<unknown>): Promise<string> {
  return statement.then(
    () => "",
    (error: unknown) => String(error),
  );
}

async function indexNames(testApp: TestApp, table: string): Promise<string[]> {
  const query =
    testApp.context.dialect === "postgres"
      ? sql<{ name: string }>`select indexname as "name" from pg_indexes
          where schemaname = current_schema() and tablename = ${table}`
      : sql<{
          name: string;
        }>`select "name" from "sqlite_master" where "type" = 'index' and "tbl_name" = ${table}`;
  return (await query.execute(testApp.context.db)).rows.map((row) => row.name).sort();
}

describe.each(testDialects)("forum foreign keys on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("refuses rows that point at nothing and cascades a discussion's comments", async () => {
    const { admin, member } = await forumCast(testApp);
    const category = await makeCategory(admin.client, { name: "Keys" });
    const discussion = await makeDiscussion(member.client, category.categoryID, "Parent");
    await makeComment(member.client, discussion.discussionID);
    const db = testApp.context.db;
    expect(
      await failureOf(
        sql`insert into "comments" ("discussionID", "depth", "body", "format", "bodyHtml", "bodyText", "insertUserID",
        "dateInserted", "score", "countChildComments") values (999999, 1, '', 'text', '', '', 1, '2026-01-01', 0, 0)`.execute(
          db,
        ),
      ),
    ).toMatch(/foreign key/i);
    expect(
      await failureOf(
        sql`update "discussions" set "categoryID" = 999999 where "discussionID" = ${discussion.discussionID}`.execute(
          db,
        ),
      ),
    ).toMatch(/foreign key/i);
    expect(
      await failureOf(sql`delete from "categories" where "categoryID" = ${category.categoryID}`.execute(db)),
    ).toMatch(/foreign key/i);
    await sql`delete from "discussions" where "discussionID" = ${discussion.discussionID}`.execute(db);
    const left = await db
      .selectFrom("comments")
      .select("commentID")
      .where("discussionID", "=", discussion.discussionID)
      .execute();
    expect(left).toEqual([]);
  });

  // The list indexes are partial (live rows) since 2026-12-27T1000_index_live_posts.
  it("keeps the indexes of the rebuilt tables", async () => {
    expect(await indexNames(testApp, "comments")).toEqual(
      expect.arrayContaining([
        "comments_discussionID_dateInserted_commentID_live",
        "comments_discussionID_score_commentID_live",
        "comments_insertUserID_dateInserted",
      ]),
    );
    expect(await indexNames(testApp, "userDiscussions")).toEqual(
      expect.arrayContaining([
        "userDiscussions_discussionID",
        "userDiscussions_userID_bookmarked_dateBookmarked",
      ]),
    );
    expect(await indexNames(testApp, "discussions")).toEqual(
      expect.arrayContaining([
        "discussions_categoryID_dateLastComment_discussionID_live",
        "discussions_hot_discussionID_live",
      ]),
    );
  });
});
