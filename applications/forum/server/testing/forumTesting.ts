import type { Category, CategoryPost } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { Dialect } from "@library/server/db/database";
import { roleIDByName, sessionClient, type RoleName } from "@library/server/testing/factories";
import { createTestApp, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { sql } from "kysely";
import { forumApplication } from "../forumApplication";

/** A whole server with the forum application on a fresh database. */
export function createForumTestApp(dialect: Dialect): Promise<TestApp> {
  return createTestApp(dialect, [forumApplication]);
}

/** A client with a session of a new user of the role (no sign-in route needed). */
export const forumClient = sessionClient;

/** A one-paragraph rich2 body. */
export function rich2(text: string): string {
  return JSON.stringify([{ type: "p", children: [{ text }] }]);
}

export async function makeCategory(
  admin: TestClient,
  body: Partial<CategoryPost> & { name: string },
): Promise<Category> {
  const response = await admin.post<Category>("/api/v2/categories", {
    urlcode: body.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    ...body,
  });
  if (response.status !== 201) throw new Error(`Category: ${response.status} ${response.text}`);
  return response.body;
}

export async function makeDiscussion(
  client: TestClient,
  categoryID: number,
  name = "A discussion",
  extra: Record<string, unknown> = {},
): Promise<Discussion> {
  const response = await client.post<Discussion>("/api/v2/discussions", {
    name,
    body: rich2(`Body of ${name}`),
    format: "rich2",
    categoryID,
    ...extra,
  });
  if (response.status !== 201) throw new Error(`Discussion: ${response.status} ${response.text}`);
  return response.body;
}

export async function makeComment(
  client: TestClient,
  discussionID: number,
  text = "A comment",
): Promise<number> {
  const response = await client.post<{ commentID: number }>("/api/v2/comments", {
    discussionID,
    body: rich2(text),
    format: "rich2",
  });
  if (response.status !== 201) throw new Error(`Comment: ${response.status} ${response.text}`);
  return response.body.commentID;
}

/**
 * Every stored count recomputed from the live (not deleted) rows; returns the mismatches (empty when
 * consistent). Tests may COUNT(*): the server never does.
 */
export async function countMismatches(context: AppContext): Promise<string[]> {
  const problems: string[] = [];
  const db = context.db;
  const discussions = await db
    .selectFrom("discussions")
    .select(["discussionID", "categoryID", "countComments", "lastCommentID"])
    .where("deleteLogID", "is", null)
    .execute();
  const comments = await db
    .selectFrom("comments")
    .select(["commentID", "discussionID", "insertUserID", "dateInserted"])
    .where("deleteLogID", "is", null)
    .execute();
  for (const discussion of discussions) {
    const own = comments.filter((comment) => comment.discussionID === discussion.discussionID);
    if (own.length !== discussion.countComments)
      problems.push(
        `discussion ${discussion.discussionID} countComments ${discussion.countComments} != ${own.length}`,
      );
    const last = [...own]
      .sort((a, b) => a.dateInserted.localeCompare(b.dateInserted) || a.commentID - b.commentID)
      .pop();
    if ((last?.commentID ?? null) !== discussion.lastCommentID)
      problems.push(
        `discussion ${discussion.discussionID} lastCommentID ${discussion.lastCommentID} != ${last?.commentID}`,
      );
  }
  const categories = await db.selectFrom("categories").selectAll().execute();
  for (const category of categories) {
    const inside = discussions.filter((discussion) => discussion.categoryID === category.categoryID);
    const commentsInside = inside.reduce((sum, discussion) => sum + discussion.countComments, 0);
    if (inside.length !== category.countDiscussions)
      problems.push(
        `category ${category.name} countDiscussions ${category.countDiscussions} != ${inside.length}`,
      );
    if (commentsInside !== category.countComments)
      problems.push(`category ${category.name} countComments ${category.countComments} != ${commentsInside}`);
    const subtree = categories.filter((other) => other.path.startsWith(category.path));
    const ids = new Set(subtree.map((other) => other.categoryID));
    const all = discussions.filter((discussion) => ids.has(discussion.categoryID));
    const allComments = all.reduce((sum, discussion) => sum + discussion.countComments, 0);
    if (all.length !== category.countAllDiscussions)
      problems.push(
        `category ${category.name} countAllDiscussions ${category.countAllDiscussions} != ${all.length}`,
      );
    if (allComments !== category.countAllComments)
      problems.push(
        `category ${category.name} countAllComments ${category.countAllComments} != ${allComments}`,
      );
  }
  const users = await db
    .selectFrom("users")
    .select(["userID", "countDiscussions", "countComments"])
    .execute();
  const authors = await sql<{
    insertUserID: number;
    count: number;
  }>`select "insertUserID", count(*) as "count" from "discussions" where "deleteLogID" is null group by "insertUserID"`.execute(
    db,
  );
  const byAuthor = new Map(authors.rows.map((row) => [row.insertUserID, Number(row.count)]));
  for (const user of users) {
    const expectedComments = comments.filter((comment) => comment.insertUserID === user.userID).length;
    if (user.countComments !== expectedComments)
      problems.push(`user ${user.userID} countComments ${user.countComments} != ${expectedComments}`);
    if (user.countDiscussions !== (byAuthor.get(user.userID) ?? 0))
      problems.push(
        `user ${user.userID} countDiscussions ${user.countDiscussions} != ${byAuthor.get(user.userID) ?? 0}`,
      );
  }
  return problems;
}

/**
 * Rows in a forum table (discussions and comments: the live ones, deleted rows stay), for asserting that a
 * refused write changed nothing.
 */
export async function forumRowCount(
  context: AppContext,
  table: "categories" | "discussions" | "comments" | "rolePermissions" | "userCategories",
): Promise<number> {
  const live = table === "discussions" || table === "comments" ? sql` where "deleteLogID" is null` : sql``;
  const result = await sql<{
    count: number;
  }>`select count(*) as "count" from ${sql.table(table)}${live}`.execute(context.db);
  return Number(result.rows[0]?.count ?? 0);
}

export type SignedIn = Awaited<ReturnType<typeof forumClient>>;

/** The usual cast of a forum test: an administrator, two members and a moderator, each signed in. */
export async function forumCast(
  testApp: TestApp,
): Promise<{ admin: SignedIn; member: SignedIn; other: SignedIn; moderator: SignedIn }> {
  return {
    admin: await forumClient(testApp, { role: "Administrator" }),
    member: await forumClient(testApp),
    other: await forumClient(testApp),
    moderator: await forumClient(testApp, { role: "Moderator" }),
  };
}

/** A category with custom permissions in which the named roles hold no grant at all. */
export async function makePrivateCategory(
  testApp: TestApp,
  admin: TestClient,
  name: string,
  hiddenFrom: readonly RoleName[] = ["Member", "Guest"],
): Promise<Category> {
  const permissions = [];
  for (const role of hiddenFrom)
    permissions.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
  return makeCategory(admin, { name, permissions });
}
