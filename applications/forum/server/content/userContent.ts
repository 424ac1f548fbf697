import type { DeleteMethod } from "@forum/api/users";
import type { DbOrTx, Dialect } from "@library/server/db/database";
import { rebuildCategoryTree, recountCategoryContent } from "../categories/categoryCounts";
import { softDeleteComment } from "../changeLog/changeLogWrites";
import { loadCommentParents } from "../comments/commentRows";
import { refreshDiscussionLastPost } from "../comments/commentEdit";
import { lowerUserCounts, removeDiscussions } from "../discussions/discussionRemoval";
import { lockAllCategories } from "../locks/forumRowLocks";

/** The change log's author of deletions the site does on its own (a member's account deleted with its posts). */
const SYSTEM_USER_ID = 0;

/**
 * What happens to a deleted user's posts (`DELETE /users/{id}`, inside its transaction): `keep` leaves them,
 * `wipe` blanks their bodies, `delete` deletes their discussions (with every comment in them) and their
 * comments elsewhere (soft: kept in the change log, restorable), then recounts the discussions and categories touched. `delete` locks every category
 * first, so no comment or discussion changes their counts while they are recounted.
 */
export async function forumUserContentHandler(
  trx: DbOrTx,
  userID: number,
  method: DeleteMethod,
  dialect: Dialect,
): Promise<void> {
  if (method === "keep") return;
  const blank = { body: "", format: "text", bodyHtml: "", bodyText: "" };
  if (method === "wipe") {
    await trx.updateTable("discussions").set(blank).where("insertUserID", "=", userID).execute();
    await trx.updateTable("comments").set(blank).where("insertUserID", "=", userID).execute();
    return;
  }
  await lockAllCategories(trx, dialect);
  const own = await trx
    .selectFrom("discussions")
    .select(["discussionID", "categoryID"])
    .where("insertUserID", "=", userID)
    .where("deleteLogID", "is", null)
    .execute();
  const touchedCategories = new Set(own.map((row) => row.categoryID));
  await removeDiscussions(
    trx,
    own.map((row) => row.discussionID),
    SYSTEM_USER_ID,
  );
  const commentRows = await trx
    .selectFrom("comments")
    .selectAll()
    .where("insertUserID", "=", userID)
    .where("deleteLogID", "is", null)
    .orderBy("commentID")
    .execute();
  const counted = new Map<number, number>();
  for (const row of commentRows) counted.set(row.discussionID, (counted.get(row.discussionID) ?? 0) + 1);
  const comments = [...counted].map(([discussionID, count]) => ({ discussionID, count }));
  const names = await loadCommentParents(trx, counted.keys());
  for (const row of commentRows)
    await softDeleteComment(trx, row, names.get(row.discussionID)?.name ?? "", SYSTEM_USER_ID);
  await lowerUserCounts(
    trx,
    "countComments",
    new Map([[userID, comments.reduce((sum, row) => sum + Number(row.count), 0)]]),
  );
  for (const { discussionID, count } of comments) {
    const discussion = await trx
      .selectFrom("discussions")
      .selectAll()
      .where("discussionID", "=", discussionID)
      .executeTakeFirst();
    if (!discussion) continue;
    const remaining = Math.max(0, discussion.countComments - Number(count));
    await trx
      .updateTable("discussions")
      .set({ countComments: remaining, hot: discussion.score + remaining })
      .where("discussionID", "=", discussionID)
      .execute();
    await refreshDiscussionLastPost(trx, discussion);
    touchedCategories.add(discussion.categoryID);
  }
  await recountCategoryContent(trx, [...touchedCategories]);
  await rebuildCategoryTree(trx);
}
