import type { DiscussionVisibility } from "@library/server/addons/discussionVisibility";
import type { PostFragment } from "@forum/api/discussions";
import type { UserFragment } from "@forum/api/users";
import type { DbOrTx } from "@library/server/db/database";
import { loadUserFragments } from "@library/server/users/userFragments";
import { lastPostAuthorID, presentLastPost } from "../discussions/lastPostFragment";

/**
 * The latest post of each category (`expand=lastPost`): one query picks each category's most recently active
 * discussion from the (categoryID, dateLastComment) index, one more loads their authors. `visibility`: the
 * viewer's add-on rules (a group's discussions are never a category's last post for non-members).
 */
export async function loadCategoryLastPosts(
  db: DbOrTx,
  categoryIDs: readonly number[],
  withUsers = true,
  visibility: DiscussionVisibility["conditions"] = [],
): Promise<Map<number, PostFragment>> {
  const result = new Map<number, PostFragment>();
  if (categoryIDs.length === 0) return result;
  const rows = await db
    .selectFrom("categories as c")
    .where("c.categoryID", "in", [...new Set(categoryIDs)])
    .select("c.categoryID")
    .select((eb) =>
      eb
        .selectFrom("discussions as d")
        .select("d.discussionID")
        .whereRef("d.categoryID", "=", "c.categoryID")
        .where("d.deleteLogID", "is", null)
        .where((inner) => inner.and(visibility.map((visible) => visible(inner.ref("d.discussionID")))))
        .orderBy("d.dateLastComment", "desc")
        .orderBy("d.discussionID", "desc")
        .limit(1)
        .as("discussionID"),
    )
    .execute();
  const discussionIDs = rows.flatMap((row) => (row.discussionID ? [row.discussionID] : []));
  if (discussionIDs.length === 0) return result;
  const discussions = await db
    .selectFrom("discussions")
    .select([
      "discussionID",
      "categoryID",
      "name",
      "insertUserID",
      "dateInserted",
      "lastCommentID",
      "lastUserID",
      "dateLastComment",
    ])
    .where("discussionID", "in", discussionIDs)
    .execute();
  const users = withUsers
    ? await loadUserFragments(db, discussions.map(lastPostAuthorID))
    : new Map<number, UserFragment>();
  for (const row of discussions) {
    result.set(row.categoryID, presentLastPost(row, users.get(lastPostAuthorID(row))));
  }
  return result;
}
