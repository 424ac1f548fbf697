import type { Db } from "@library/server/db/database";
import { sql } from "kysely";

/**
 * The checks of `countMismatches` (forumTesting.ts) done with grouped queries, so they scale to a million
 * comments, plus the last-post fields and `hot`. Returns the problems found (empty when consistent).
 */
export async function fastMismatches(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const perDiscussion = await sql<{
    discussionID: number;
    categoryID: number;
    insertUserID: number;
    dateInserted: string;
    countComments: number;
    lastCommentID: number | null;
    lastUserID: number;
    dateLastComment: string;
    score: number;
    hot: number;
    comments: number | null;
    lastDate: string | null;
    lastAuthor: number | null;
  }>`
    select d."discussionID", d."categoryID", d."insertUserID", d."dateInserted", d."countComments",
      d."lastCommentID", d."lastUserID", d."dateLastComment", d."score", d."hot",
      g."comments", g."lastDate", c."insertUserID" as "lastAuthor"
    from "discussions" d
    left join (
      select "discussionID", count(*) as "comments", max("dateInserted") as "lastDate", max("commentID") as "maxID"
      from "comments" group by "discussionID"
    ) g on g."discussionID" = d."discussionID"
    left join "comments" c on c."commentID" = g."maxID"
    order by d."discussionID"`.execute(db);
  const ownByCategory = new Map<number, { discussions: number; comments: number }>();
  for (const row of perDiscussion.rows) {
    const comments = Number(row.comments ?? 0);
    const id = row.discussionID;
    if (comments !== row.countComments)
      problems.push(`discussion ${id} countComments ${row.countComments} != ${comments}`);
    if (row.hot !== row.score + row.countComments) problems.push(`discussion ${id} hot ${row.hot}`);
    if (comments > 0) {
      if (row.dateLastComment !== row.lastDate)
        problems.push(`discussion ${id} dateLastComment ${row.dateLastComment} != ${row.lastDate}`);
      if (row.lastUserID !== row.lastAuthor)
        problems.push(`discussion ${id} lastUserID ${row.lastUserID} != ${row.lastAuthor}`);
    } else if (
      row.lastCommentID !== null ||
      row.dateLastComment !== row.dateInserted ||
      row.lastUserID !== row.insertUserID
    )
      problems.push(`discussion ${id} has no comments but last-post fields are set`);
    const own = ownByCategory.get(row.categoryID) ?? { discussions: 0, comments: 0 };
    own.discussions += 1;
    own.comments += row.countComments;
    ownByCategory.set(row.categoryID, own);
  }
  // The latest comment (by date, then id) of each discussion must be its lastCommentID.
  const lastByDate = await sql<{ discussionID: number; lastCommentID: number | null; latest: number }>`
    select d."discussionID", d."lastCommentID", max(c."commentID") as "latest"
    from "discussions" d
    join "comments" c on c."discussionID" = d."discussionID" and c."dateInserted" = d."dateLastComment"
    group by d."discussionID", d."lastCommentID"
    having max(c."commentID") <> d."lastCommentID"`.execute(db);
  for (const row of lastByDate.rows)
    problems.push(`discussion ${row.discussionID} lastCommentID ${row.lastCommentID} != ${row.latest}`);

  const categories = await db.selectFrom("categories").selectAll().execute();
  for (const category of categories) {
    const own = ownByCategory.get(category.categoryID) ?? { discussions: 0, comments: 0 };
    if (own.discussions !== category.countDiscussions || own.comments !== category.countComments)
      problems.push(`category ${category.name} own counts`);
    const subtree = categories.filter((other) => other.path.startsWith(category.path));
    const all = subtree.reduce(
      (sum, other) => {
        const counts = ownByCategory.get(other.categoryID) ?? { discussions: 0, comments: 0 };
        return {
          discussions: sum.discussions + counts.discussions,
          comments: sum.comments + counts.comments,
        };
      },
      { discussions: 0, comments: 0 },
    );
    if (all.discussions !== category.countAllDiscussions || all.comments !== category.countAllComments)
      problems.push(`category ${category.name} countAll* counts`);
    const children = categories.filter((other) => other.parentCategoryID === category.categoryID).length;
    if (children !== category.countCategories)
      problems.push(`category ${category.name} countCategories ${category.countCategories} != ${children}`);
  }

  const users = await sql<{
    userID: number;
    countDiscussions: number;
    countComments: number;
    d: number;
    c: number;
  }>`
    select u."userID", u."countDiscussions", u."countComments",
      (select count(*) from "discussions" x where x."insertUserID" = u."userID") as "d",
      (select count(*) from "comments" y where y."insertUserID" = u."userID") as "c"
    from "users" u`.execute(db);
  for (const user of users.rows) {
    if (Number(user.d) !== user.countDiscussions)
      problems.push(`user ${user.userID} countDiscussions ${user.countDiscussions} != ${user.d}`);
    if (Number(user.c) !== user.countComments)
      problems.push(`user ${user.userID} countComments ${user.countComments} != ${user.c}`);
  }
  return problems;
}

/** Row counts of the tables the seed fills. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["users", "userRoles", "categories", "discussions", "comments"]) {
    const result = await sql<{ count: number }>`select count(*) as "count" from ${sql.table(table)}`.execute(
      db,
    );
    counts[table] = Number(result.rows[0]?.count ?? 0);
  }
  return counts;
}
