import type { DiscussionPatch } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import {
  ClientError,
  NotFoundError,
  PermissionError,
  ValidationError,
} from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { logChange } from "../changeLog/changeLogWrites";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import {
  categoryIDsWith,
  getCategoryTree,
  hasCategoryPermission,
  invalidateCategoryTree,
  type CategoryTree,
} from "../categories/categoryTree";
import { prepareBody, withinEditWindow } from "../content/bodies";
import { checkedPostMeta, postTypeOf } from "../postTypes/postMeta";
import {
  pinFields,
  postableCategory,
  requireFieldPermissions,
  type WithinPostTransaction,
} from "./discussionCreate";
import { lockDiscussion, lockDiscussionWithCategories } from "../locks/forumRowLocks";
import { REDIRECT_DISCUSSION_TYPE } from "@forum/api/discussionOptions";
import { leaveRedirect } from "./discussionRedirects";
import { DISCUSSION_NOT_FOUND, type DiscussionRow } from "./discussionRows";
import { tagChangeOf, writeDiscussionTags } from "../tags/discussionTagWrites";
import { emitTagsChanged } from "../tags/tagEvents";
import { requireTaggingEnabled } from "../tags/tagNames";
import { removePostedDraft } from "../drafts/postedDrafts";

export const EDIT_DISCUSSION_REFUSED = "Editing discussions is not allowed.";
export const REDIRECT_NOT_MOVABLE = "Redirect discussions cannot be moved.";

/**
 * The edit rule of API.md 7.6: discussions.edit in the category, or the author while the discussion is open
 * and within `ui.editContentTimeout` seconds. Non-authors get 403, an expired or closed author 400.
 */
export function assertCanEditDiscussion(
  tree: CategoryTree,
  viewer: Viewer,
  row: DiscussionRow,
  timeoutSeconds: number,
): void {
  if (hasCategoryPermission(tree, viewer, "discussions.edit", row.categoryID)) return;
  if (viewer.isGuest || viewer.userID !== row.insertUserID) throw new PermissionError(["discussions.edit"]);
  if (row.closed === 1 || !withinEditWindow(row.dateInserted, timeoutSeconds))
    throw new ClientError(EDIT_DISCUSSION_REFUSED);
}

function definedKeys(body: DiscussionPatch): string[] {
  return Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
}

/**
 * `closed` needs discussions.close — or (DECISION) the author holding discussions.closeOwn may send
 * `{closed}` alone, whatever the edit window.
 */
function assertMayClose(tree: CategoryTree, viewer: Viewer, row: DiscussionRow, body: DiscussionPatch): void {
  if (body.closed === undefined || hasCategoryPermission(tree, viewer, "discussions.close", row.categoryID))
    return;
  const closeOwn =
    !viewer.isGuest &&
    viewer.userID === row.insertUserID &&
    viewer.has("discussions.closeOwn") &&
    definedKeys(body).every((key) => key === "closed");
  if (!closeOwn) throw new PermissionError(["discussions.close"]);
}

/** The user counts follow a change of author: the old one loses one, the new one gains one (ascending userID). */
async function moveAuthorCount(trx: DbOrTx, from: number, to: number): Promise<void> {
  for (const userID of [from, to].sort((a, b) => a - b))
    await trx
      .updateTable("users")
      .set({
        countDiscussions:
          userID === from
            ? sql`case when "countDiscussions" > 0 then "countDiscussions" - 1 else 0 end`
            : sql`"countDiscussions" + 1`,
      })
      .where("userID", "=", userID)
      .execute();
}

/**
 * `PATCH /discussions/{id}` (API.md 7.6), moves included; every count follows in the same transaction. The
 * checks read the discussion as locked: for a move, both category chains are locked (ascending id) before the
 * discussion, so comments posted meanwhile are counted in the category the discussion ends up in.
 */
export async function patchDiscussion(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  body: DiscussionPatch,
  /** Writes that commit with the edit (a scheduled edit's draft removes itself). */
  withinTransaction?: WithinPostTransaction,
): Promise<void> {
  viewer.require("session.valid");
  const tree = await getCategoryTree(context.db);
  const timeout = await context.settings.get<number>("ui.editContentTimeout");
  const tagChange = tagChangeOf(body);
  if (tagChange) requireTaggingEnabled(context);
  const moved = await writeTransaction(context.db, context.dialect, async (trx) => {
    const locked =
      body.categoryID !== undefined
        ? await lockDiscussionWithCategories(trx, context.dialect, discussionID, [body.categoryID])
        : await lockDiscussion(trx, context.dialect, discussionID).then((discussion) =>
            discussion ? { discussion, categories: null } : null,
          );
    if (!locked) throw new NotFoundError(DISCUSSION_NOT_FOUND);
    const row = locked.discussion;
    if (!categoryIDsWith(tree, viewer).has(row.categoryID)) throw new PermissionError(["discussions.view"]);
    assertMayClose(tree, viewer, row, body);
    requireFieldPermissions(tree, viewer, row.categoryID, body);
    // A patch that changes nothing is still an edit: only someone who may edit gets its 200, and it writes
    // nothing (not even who last updated the discussion).
    const changesSomething = definedKeys(body).some((key) => key !== "draftID" && key !== "addRedirects");
    if (!changesSomething) assertCanEditDiscussion(tree, viewer, row, timeout);
    if (body.insertUserID !== undefined) viewer.require("site.manage");
    const target =
      body.categoryID !== undefined && body.categoryID !== row.categoryID ? body.categoryID : null;
    if (
      body.name !== undefined ||
      body.body !== undefined ||
      body.format !== undefined ||
      target !== null ||
      tagChange !== null ||
      body.postMeta !== undefined
    )
      assertCanEditDiscussion(tree, viewer, row, timeout);
    if (target !== null) {
      if (row.type === REDIRECT_DISCUSSION_TYPE) throw new ClientError(REDIRECT_NOT_MOVABLE);
      postableCategory(tree, viewer, target);
      if (!locked.categories?.has(target)) throw new NotFoundError("Category");
    }
    const newAuthor =
      body.insertUserID !== undefined && body.insertUserID !== row.insertUserID ? body.insertUserID : null;
    if (newAuthor !== null) {
      const exists = await trx
        .selectFrom("users")
        .select("userID")
        .where("userID", "=", newAuthor)
        .executeTakeFirst();
      if (!exists) throw ValidationError.field("insertUserID", "The user does not exist.");
    }
    const stored =
      body.body !== undefined || body.format !== undefined
        ? prepareBody(
            body.format ?? (row.format as NonNullable<DiscussionPatch["format"]>),
            body.body ?? row.body,
          )
        : null;
    if (stored !== null)
      await context.postValidators.check(trx, context, {
        recordType: "discussion",
        userID: viewer.userID,
        viewer,
        name: body.name ?? row.name,
        ...stored,
      });
    const postMeta =
      body.postMeta !== undefined ? checkedPostMeta(postTypeOf(context, row), body.postMeta) : undefined;
    const pins =
      body.pinned !== undefined || body.pinLocation !== undefined
        ? pinFields(
            body.pinned ?? (body.pinLocation !== null && row.pinned === 1),
            body.pinLocation ?? row.pinLocation,
          )
        : {};
    const edited =
      (body.name !== undefined && body.name !== row.name) ||
      (stored !== null && (stored.body !== row.body || stored.format !== row.format));
    // Revision History: the text as it was before this edit, and who edited it.
    if (edited) await logChange(trx, "edit", { discussion: row }, viewer.userID);
    if (changesSomething)
      await trx
        .updateTable("discussions")
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(stored ?? {}),
          ...(target !== null ? { categoryID: target } : {}),
          ...(body.closed !== undefined ? { closed: body.closed ? 1 : 0 } : {}),
          ...(body.sink !== undefined ? { sink: body.sink ? 1 : 0 } : {}),
          ...(body.resolved !== undefined ? { resolved: body.resolved ? 1 : 0 } : {}),
          ...(newAuthor !== null ? { insertUserID: newAuthor } : {}),
          ...(postMeta !== undefined ? { postMeta } : {}),
          ...pins,
          updateUserID: viewer.userID,
          dateUpdated: nowIso(),
        })
        .where("discussionID", "=", discussionID)
        .execute();
    if (target !== null && locked.categories) {
      await adjustCategoryCounts(trx, locked.categories, row.categoryID, {
        discussions: -1,
        comments: -row.countComments,
      });
      await adjustCategoryCounts(trx, locked.categories, target, {
        discussions: 1,
        comments: row.countComments,
      });
    }
    if (newAuthor !== null) await moveAuthorCount(trx, row.insertUserID, newAuthor);
    if (tagChange)
      await writeDiscussionTags(trx, context.dialect, discussionID, tagChange, "replace", viewer);
    if (target !== null && locked.categories && body.addRedirects === true)
      await leaveRedirect(trx, locked.categories, row, viewer.userID);
    await removePostedDraft(trx, viewer, body.draftID);
    if (changesSomething) await context.events.emit(trx, "discussion.updated", { discussionID });
    if (tagChange) await emitTagsChanged(context, trx, [discussionID]);
    await withinTransaction?.(trx, discussionID);
    return target !== null;
  });
  if (moved) invalidateCategoryTree(context.db);
}
