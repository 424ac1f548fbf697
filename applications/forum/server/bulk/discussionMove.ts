import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { REDIRECT_CANNOT_MOVE } from "@forum/api/bulk";
import { parseDiscussionTypes } from "../categories/categoriesPresenter";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  getCategoryTree,
  invalidateCategoryTree,
  requireCategoryPermission,
  type CategoryTree,
} from "../categories/categoryTree";
import { postableCategory } from "../discussions/discussionCreate";
import { DISCUSSION_NOT_FOUND } from "../discussions/discussionRows";
import { lockDiscussionWithCategories } from "../locks/forumRowLocks";
import { insertRedirectStub, REDIRECT_TYPE } from "./discussionRedirects";

export interface MoveOptions {
  categoryID: number;
  addRedirects?: boolean | undefined;
  postTypeID?: string | undefined;
}

/**
 * The target of a move: the viewer may post there (discussions.add, a category that takes posts, like the
 * single move of `PATCH /discussions/{id}`) and edit there (API.md 7.14).
 */
export function requireMoveTarget(tree: CategoryTree, viewer: Viewer, categoryID: number): void {
  postableCategory(tree, viewer, categoryID);
  requireCategoryPermission(tree, viewer, "discussions.edit", categoryID);
}

function assertAllowedType(context: AppContext, tree: CategoryTree, categoryID: number, type: string): void {
  const allowed = parseDiscussionTypes(tree.get(categoryID)?.allowedDiscussionTypes ?? "[]");
  if (!allowed.includes(type) || !context.discussionTypes.isAvailable(type))
    throw ValidationError.field(
      "postTypeID",
      `${type} is not an allowed discussion type in this category.`,
      "enum",
    );
}

/**
 * Moves one discussion to another category (one id of `PATCH /discussions/move`), with its counts: both
 * category chains are locked in one ascending pass, then the discussion (docs/concurrency.md), and the
 * permissions are checked again on the row as locked. With `addRedirects` a stub stays behind.
 */
export async function moveDiscussion(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  options: MoveOptions,
): Promise<void> {
  const tree = await getCategoryTree(context.db);
  const target = options.categoryID;
  const moved = await writeTransaction(context.db, context.dialect, async (trx) => {
    const locked = await lockDiscussionWithCategories(trx, context.dialect, discussionID, [target]);
    if (!locked) throw new NotFoundError(DISCUSSION_NOT_FOUND);
    const { discussion: row, categories } = locked;
    requireCategoryPermission(tree, viewer, "discussions.view", row.categoryID);
    requireCategoryPermission(tree, viewer, "discussions.edit", row.categoryID);
    requireMoveTarget(tree, viewer, target);
    if (!categories.has(target)) throw new NotFoundError("Category");
    if (row.type === REDIRECT_TYPE) throw new ClientError(REDIRECT_CANNOT_MOVE);
    if (options.postTypeID !== undefined) assertAllowedType(context, tree, target, options.postTypeID);
    if (row.categoryID === target && (options.postTypeID ?? row.type) === row.type) return false;
    await trx
      .updateTable("discussions")
      .set({
        categoryID: target,
        ...(options.postTypeID !== undefined ? { type: options.postTypeID } : {}),
        updateUserID: viewer.userID,
        dateUpdated: nowIso(),
      })
      .where("discussionID", "=", discussionID)
      .execute();
    if (row.categoryID === target) return false;
    await adjustCategoryCounts(trx, categories, row.categoryID, {
      discussions: -1,
      comments: -row.countComments,
    });
    await adjustCategoryCounts(trx, categories, target, { discussions: 1, comments: row.countComments });
    if (options.addRedirects) await insertRedirectStub(context, trx, categories, row, row.categoryID);
    await context.events.emit(trx, "discussion.updated", { discussionID });
    return true;
  });
  if (moved) invalidateCategoryTree(context.db);
}
