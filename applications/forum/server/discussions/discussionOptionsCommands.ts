import {
  REDIRECT_DISCUSSION_TYPE,
  type DiscussionTypeBody,
  type PostTypeOption,
} from "@forum/api/discussionOptions";
import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { parseDiscussionTypes } from "../categories/categoriesPresenter";
import { getCategoryTree, requireCategoryPermission, type CategoryTree } from "../categories/categoryTree";
import { lockDiscussion } from "../locks/forumRowLocks";
import { DISCUSSION_NOT_FOUND, getViewableDiscussion } from "./discussionRows";

type UserDiscussionFlag = "dismissed" | "muted";

/** One member's flag on a discussion (API.md 7.9); the row is created on first use, like a bookmark. */
async function setUserFlag(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  flag: UserDiscussionFlag,
  value: boolean,
): Promise<boolean> {
  viewer.require("session.valid");
  await getViewableDiscussion(context, viewer, discussionID);
  await context.db
    .insertInto("userDiscussions")
    .values({
      userID: viewer.userID,
      discussionID,
      bookmarked: 0,
      dismissed: 0,
      muted: 0,
      dateLastViewed: null,
      countCommentsRead: 0,
      [flag]: value ? 1 : 0,
    })
    .onConflict((conflict) =>
      conflict.columns(["userID", "discussionID"]).doUpdateSet({ [flag]: value ? 1 : 0 }),
    )
    .execute();
  return value;
}

/** `PUT /discussions/{id}/dismiss`: the announcement no longer leads this member's lists. */
export function setDismissed(context: AppContext, viewer: Viewer, discussionID: number, dismissed: boolean) {
  return setUserFlag(context, viewer, discussionID, "dismissed", dismissed);
}

/** `PUT /discussions/{id}/mute` (DECISION): the member gets no notifications about the discussion. */
export function setMuted(context: AppContext, viewer: Viewer, discussionID: number, muted: boolean) {
  return setUserFlag(context, viewer, discussionID, "muted", muted);
}

/** `PATCH /discussions/{id}/bump` (API.md 7.10): curation.manage; `dateLastComment` becomes now. */
export async function bumpDiscussion(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
): Promise<void> {
  viewer.require("curation.manage");
  const tree = await getCategoryTree(context.db);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await lockDiscussion(trx, context.dialect, discussionID);
    if (!row) throw new NotFoundError(DISCUSSION_NOT_FOUND);
    requireCategoryPermission(tree, viewer, "discussions.view", row.categoryID);
    await trx
      .updateTable("discussions")
      .set({ dateLastComment: nowIso() })
      .where("discussionID", "=", discussionID)
      .execute();
    await context.events.emit(trx, "discussion.updated", { discussionID });
  });
}

/**
 * The types a discussion in this category may become: the registered types running now (the core's
 * `discussion`, add-ons' question, idea, poll…) that the category allows.
 */
export function postTypeOptions(
  context: AppContext,
  tree: CategoryTree,
  categoryID: number,
): PostTypeOption[] {
  const category = tree.get(categoryID);
  const allowed = category ? parseDiscussionTypes(category.allowedDiscussionTypes) : [];
  return context.discussionTypes
    .available()
    .filter((declaration) => allowed.includes(declaration.type))
    .map(({ type, label }) => ({ type, label }));
}

/**
 * `PUT /discussions/{id}/type` (API.md 7.11): discussions.edit in the category; exactly one of `type` or
 * `postTypeID` (the same thing here: post types are the registered types). A redirect stays a redirect.
 */
export async function changeDiscussionType(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  body: DiscussionTypeBody,
): Promise<void> {
  viewer.require("session.valid");
  if ((body.type === undefined) === (body.postTypeID === undefined))
    throw ValidationError.field("type", "Send exactly one of type or postTypeID.", "required");
  const type = (body.type ?? body.postTypeID ?? "").toLowerCase();
  const field = body.type !== undefined ? "type" : "postTypeID";
  const tree = await getCategoryTree(context.db);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await lockDiscussion(trx, context.dialect, discussionID);
    if (!row) throw new NotFoundError(DISCUSSION_NOT_FOUND);
    requireCategoryPermission(tree, viewer, "discussions.view", row.categoryID);
    requireCategoryPermission(tree, viewer, "discussions.edit", row.categoryID);
    if (row.type === REDIRECT_DISCUSSION_TYPE) throw new ClientError("A redirect cannot change its type.");
    if (!postTypeOptions(context, tree, row.categoryID).some((option) => option.type === type))
      throw ValidationError.field(field, `${type} is not a valid post type`, "enum");
    if (row.type === type) return false;
    await trx
      .updateTable("discussions")
      .set({ type, updateUserID: viewer.userID, dateUpdated: nowIso() })
      .where("discussionID", "=", discussionID)
      .execute();
    await context.events.emit(trx, "discussion.updated", { discussionID });
    return true;
  });
}
