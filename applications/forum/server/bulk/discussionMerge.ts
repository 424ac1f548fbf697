import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { StaleReadError, writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { softDeleteDiscussions } from "../changeLog/changeLogWrites";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  getCategoryTree,
  invalidateCategoryTree,
  requireCategoryPermission,
} from "../categories/categoryTree";
import { refreshDiscussionLastPost } from "../comments/commentEdit";
import { DISCUSSION_NOT_FOUND, type DiscussionRow } from "../discussions/discussionRows";
import { lowerAuthorCounts } from "../discussions/discussionRemoval";
import { lockCategoryChains, lockDiscussion } from "../locks/forumRowLocks";
import { turnIntoRedirectStub } from "./discussionRedirects";

async function categoryOf(trx: DbOrTx, discussionID: number): Promise<number> {
  const row = await trx
    .selectFrom("discussions")
    .select("categoryID")
    .where("discussionID", "=", discussionID)
    .where("deleteLogID", "is", null)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(DISCUSSION_NOT_FOUND);
  return row.categoryID;
}

/**
 * Merges one discussion into another (one id of `PATCH /discussions/merge`): the source's post becomes a
 * comment of the destination (its author and date kept) and its comments move there; the source is deleted
 * (restorable) or, with `addRedirects`, becomes a redirect stub. Locks: both category chains in one ascending
 * pass, then both discussions by ascending id, then the users whose counts change.
 */
export async function mergeDiscussion(
  context: AppContext,
  viewer: Viewer,
  sourceID: number,
  destinationID: number,
  addRedirects: boolean,
): Promise<void> {
  const tree = await getCategoryTree(context.db);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const sourceCategory = await categoryOf(trx, sourceID);
    const destinationCategory = await categoryOf(trx, destinationID);
    const categories = await lockCategoryChains(trx, context.dialect, [sourceCategory, destinationCategory]);
    const rows = new Map<number, DiscussionRow>();
    for (const id of [sourceID, destinationID].sort((a, b) => a - b)) {
      const row = await lockDiscussion(trx, context.dialect, id);
      if (!row) throw new NotFoundError(DISCUSSION_NOT_FOUND);
      rows.set(id, row);
    }
    const source = rows.get(sourceID) as DiscussionRow;
    const destination = rows.get(destinationID) as DiscussionRow;
    if (source.categoryID !== sourceCategory || destination.categoryID !== destinationCategory)
      throw new StaleReadError(`Discussion ${sourceID}`);
    for (const categoryID of [source.categoryID, destination.categoryID]) {
      requireCategoryPermission(tree, viewer, "discussions.view", categoryID);
      requireCategoryPermission(tree, viewer, "discussions.edit", categoryID);
    }
    const live = await trx
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("discussionID", "=", sourceID)
      .where("deleteLogID", "is", null)
      .executeTakeFirstOrThrow();
    const movedComments = Number(live.count);
    // The source's own post, as the destination's comment.
    await trx
      .insertInto("comments")
      .values({
        discussionID: destinationID,
        parentCommentID: null,
        depth: 1,
        body: source.body,
        format: source.format,
        bodyHtml: source.bodyHtml,
        bodyText: source.bodyText,
        insertUserID: source.insertUserID,
        dateInserted: source.dateInserted,
        updateUserID: source.updateUserID,
        dateUpdated: source.dateUpdated,
        score: 0,
        countChildComments: 0,
      })
      .execute();
    // Deleted comments go along too, so they are restored into the thread they now belong to.
    await trx
      .updateTable("comments")
      .set({ discussionID: destinationID })
      .where("discussionID", "=", sourceID)
      .execute();
    const added = movedComments + 1;
    await trx
      .updateTable("discussions")
      .set({ countComments: sql`"countComments" + ${added}`, hot: sql`"hot" + ${added}` })
      .where("discussionID", "=", destinationID)
      .execute();
    await refreshDiscussionLastPost(trx, destination);
    await trx
      .updateTable("discussions")
      .set({ countComments: 0, lastCommentID: null, hot: source.score })
      .where("discussionID", "=", sourceID)
      .execute();
    await adjustCategoryCounts(trx, categories, source.categoryID, {
      discussions: addRedirects ? 0 : -1,
      comments: -movedComments,
    });
    await adjustCategoryCounts(trx, categories, destination.categoryID, { comments: added });
    if (addRedirects) await turnIntoRedirectStub(context, trx, source, destination);
    else
      await softDeleteDiscussions(trx, [{ ...source, countComments: 0, lastCommentID: null }], viewer.userID);
    // The source's author now has a comment instead of (or, with a stub, beside) a discussion.
    await trx
      .updateTable("users")
      .set({ countComments: sql`"countComments" + 1` })
      .where("userID", "=", source.insertUserID)
      .execute();
    if (!addRedirects)
      await lowerAuthorCounts(trx, { countDiscussions: new Map([[source.insertUserID, 1]]) });
    await context.events.emit(trx, "discussion.updated", { discussionID: destinationID });
    if (!addRedirects) await context.events.emit(trx, "discussion.deleted", { discussionID: sourceID });
    else await context.events.emit(trx, "discussion.updated", { discussionID: sourceID });
  });
  invalidateCategoryTree(context.db);
}
