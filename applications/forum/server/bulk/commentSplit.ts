import type { SplitComments } from "@forum/api/bulk";
import { COMMENTS_FROM_MULTIPLE_DISCUSSIONS, COMMENTS_NOT_FOUND } from "@forum/api/bulk";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { StaleReadError, writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { parseDiscussionTypes } from "../categories/categoriesPresenter";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  getCategoryTree,
  invalidateCategoryTree,
  requireCategoryPermission,
} from "../categories/categoryTree";
import { refreshDiscussionLastPost } from "../comments/commentEdit";
import { prepareBody } from "../content/bodies";
import { discussionUrl } from "../content/urls";
import { postableCategory } from "../discussions/discussionCreate";
import { DISCUSSION_NOT_FOUND } from "../discussions/discussionRows";
import { lockCategoryChains, lockComments, lockDiscussion } from "../locks/forumRowLocks";

/** The one discussion the comments come from (400 when some are missing or they come from several). */
async function sourceDiscussionOf(trx: DbOrTx, commentIDs: readonly number[]): Promise<number> {
  const rows = await trx
    .selectFrom("comments")
    .select(["commentID", "discussionID"])
    .where("commentID", "in", [...commentIDs])
    .where("deleteLogID", "is", null)
    .execute();
  if (rows.length !== commentIDs.length) throw new ClientError(COMMENTS_NOT_FOUND);
  const discussions = new Set(rows.map((row) => row.discussionID));
  if (discussions.size !== 1) throw new ClientError(COMMENTS_FROM_MULTIPLE_DISCUSSIONS);
  return rows[0]?.discussionID ?? 0;
}

/** Replies whose parent is now in the other discussion become top-level; parents' reply counts follow. */
async function cutThreads(trx: DbOrTx, sourceID: number, newID: number): Promise<void> {
  const crossing = await trx
    .selectFrom("comments as child")
    .innerJoin("comments as parent", "parent.commentID", "child.parentCommentID")
    .select(["child.commentID", "child.parentCommentID"])
    .where("child.discussionID", "in", [sourceID, newID])
    .whereRef("parent.discussionID", "<>", "child.discussionID")
    .execute();
  if (crossing.length === 0) return;
  await trx
    .updateTable("comments")
    .set({ parentCommentID: null, depth: 1 })
    .where(
      "commentID",
      "in",
      crossing.map((row) => row.commentID),
    )
    .execute();
  const parents = [...new Set(crossing.map((row) => row.parentCommentID as number))];
  await trx
    .updateTable("comments")
    .set({
      countChildComments: sql`(select count(*) from "comments" as "c" where "c"."parentCommentID" = "comments"."commentID" and "c"."deleteLogID" is null)`,
    })
    .where("commentID", "in", parents)
    .execute();
}

/**
 * `POST /discussions/split`: a new discussion in `newPost.categoryID` from some comments of one discussion,
 * in one transaction. The moderator needs discussions.edit where the comments are and may post in the target.
 * Locks: both category chains (ascending), the source discussion, the comments (ascending), the author.
 * (DECISION: `authorType: "System"` — there is no system account — posts as the moderator too.)
 */
export async function splitComments(
  context: AppContext,
  viewer: Viewer,
  body: SplitComments,
): Promise<{ discussionID: number; name: string; commentIDs: number[] }> {
  viewer.require("session.valid");
  const tree = await getCategoryTree(context.db);
  const { newPost } = body;
  const category = postableCategory(tree, viewer, newPost.categoryID);
  const type = newPost.postType;
  if (
    !parseDiscussionTypes(category.allowedDiscussionTypes).includes(type) ||
    !context.discussionTypes.isAvailable(type)
  )
    throw ValidationError.field(
      "newPost.postType",
      `${type} is not an allowed discussion type in this category.`,
      "enum",
    );
  const given = newPost.body?.trim() ? prepareBody(newPost.format ?? "text", newPost.body) : null;
  const commentIDs = [...new Set(body.commentIDs)].sort((a, b) => a - b);
  const created = await writeTransaction(context.db, context.dialect, async (trx) => {
    const sourceID = await sourceDiscussionOf(trx, commentIDs);
    const before = await trx
      .selectFrom("discussions")
      .select("categoryID")
      .where("discussionID", "=", sourceID)
      .where("deleteLogID", "is", null)
      .executeTakeFirst();
    if (!before) throw new NotFoundError(DISCUSSION_NOT_FOUND);
    const categories = await lockCategoryChains(trx, context.dialect, [
      before.categoryID,
      category.categoryID,
    ]);
    if (!categories.has(category.categoryID)) throw new NotFoundError("Category");
    const source = await lockDiscussion(trx, context.dialect, sourceID);
    if (!source) throw new NotFoundError(DISCUSSION_NOT_FOUND);
    if (source.categoryID !== before.categoryID) throw new StaleReadError(`Discussion ${sourceID}`);
    requireCategoryPermission(tree, viewer, "discussions.view", source.categoryID);
    requireCategoryPermission(tree, viewer, "discussions.edit", source.categoryID);
    const comments = await lockComments(trx, context.dialect, commentIDs);
    if (
      comments.size !== commentIDs.length ||
      [...comments.values()].some((row) => row.discussionID !== sourceID)
    )
      throw new ClientError(COMMENTS_NOT_FOUND);
    const now = nowIso();
    // Without words of its own, the new discussion says where its comments came from.
    const stored =
      given ??
      prepareBody(
        "markdown",
        `${context.pages.translator()("Split from")} [${source.name.replace(/[[\]]/g, "")}](${discussionUrl(source.discussionID, source.name)})`,
      );
    const { discussionID } = await trx
      .insertInto("discussions")
      .values({
        type,
        categoryID: category.categoryID,
        name: newPost.name,
        ...stored,
        insertUserID: viewer.userID,
        dateInserted: now,
        updateUserID: null,
        dateUpdated: null,
        dateLastComment: now,
        lastUserID: viewer.userID,
        lastCommentID: null,
        countComments: commentIDs.length,
        countViews: 0,
        score: 0,
        hot: commentIDs.length,
        pinned: 0,
        pinLocation: null,
        closed: 0,
        sink: 0,
        statusID: 0,
        resolved: 0,
      })
      .returning("discussionID")
      .executeTakeFirstOrThrow();
    await trx.updateTable("comments").set({ discussionID }).where("commentID", "in", commentIDs).execute();
    await cutThreads(trx, sourceID, discussionID);
    await trx
      .updateTable("discussions")
      .set({
        countComments: sql`case when "countComments" > ${commentIDs.length} then "countComments" - ${commentIDs.length} else 0 end`,
        hot: sql`"score" + case when "countComments" > ${commentIDs.length} then "countComments" - ${commentIDs.length} else 0 end`,
      })
      .where("discussionID", "=", sourceID)
      .execute();
    await refreshDiscussionLastPost(trx, source);
    const fresh = await trx
      .selectFrom("discussions")
      .selectAll()
      .where("discussionID", "=", discussionID)
      .executeTakeFirstOrThrow();
    await refreshDiscussionLastPost(trx, fresh);
    await adjustCategoryCounts(trx, categories, source.categoryID, { comments: -commentIDs.length });
    await adjustCategoryCounts(trx, categories, category.categoryID, {
      discussions: 1,
      comments: commentIDs.length,
    });
    await trx
      .updateTable("users")
      .set({ countDiscussions: sql`"countDiscussions" + 1` })
      .where("userID", "=", viewer.userID)
      .execute();
    await context.events.emit(trx, "discussion.created", {
      discussionID,
      categoryID: category.categoryID,
      insertUserID: viewer.userID,
    });
    await context.events.emit(trx, "discussion.updated", { discussionID: sourceID });
    return { discussionID, sourceID };
  });
  invalidateCategoryTree(context.db);
  return { discussionID: created.discussionID, name: newPost.name, commentIDs };
}
