import type { DiscussionPatch } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { ClientError, PermissionError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import { hasCategoryPermission, invalidateCategoryTree, type CategoryTree } from "../categories/categoryTree";
import { prepareBody, withinEditWindow } from "../content/bodies";
import { pinFields, postableCategory, requireFieldPermissions } from "./discussionCreate";
import { getViewableDiscussion, type DiscussionRow } from "./discussionRows";

export const EDIT_DISCUSSION_REFUSED = "Editing discussions is not allowed.";

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

/** `PATCH /discussions/{id}` (API.md 7.6), moves included; every count follows in the same transaction. */
export async function patchDiscussion(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  body: DiscussionPatch,
): Promise<void> {
  viewer.require("session.valid");
  const { row, tree } = await getViewableDiscussion(context, viewer, discussionID);
  const timeout = await context.settings.get<number>("ui.editContentTimeout");
  assertMayClose(tree, viewer, row, body);
  requireFieldPermissions(tree, viewer, row.categoryID, body);
  if (body.insertUserID !== undefined) viewer.require("site.manage");
  const moving = body.categoryID !== undefined && body.categoryID !== row.categoryID;
  if (body.name !== undefined || body.body !== undefined || body.format !== undefined || moving)
    assertCanEditDiscussion(tree, viewer, row, timeout);
  if (moving && body.categoryID !== undefined) postableCategory(tree, viewer, body.categoryID);
  const newAuthor =
    body.insertUserID !== undefined && body.insertUserID !== row.insertUserID ? body.insertUserID : null;
  if (newAuthor !== null) {
    const exists = await context.db
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
  const pins =
    body.pinned !== undefined || body.pinLocation !== undefined
      ? pinFields(
          body.pinned ?? (body.pinLocation !== null && row.pinned === 1),
          body.pinLocation ?? row.pinLocation,
        )
      : {};
  await context.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("discussions")
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(stored ?? {}),
        ...(moving && body.categoryID !== undefined ? { categoryID: body.categoryID } : {}),
        ...(body.closed !== undefined ? { closed: body.closed ? 1 : 0 } : {}),
        ...(body.sink !== undefined ? { sink: body.sink ? 1 : 0 } : {}),
        ...(body.resolved !== undefined ? { resolved: body.resolved ? 1 : 0 } : {}),
        ...(newAuthor !== null ? { insertUserID: newAuthor } : {}),
        ...pins,
        updateUserID: viewer.userID,
        dateUpdated: nowIso(),
      })
      .where("discussionID", "=", discussionID)
      .execute();
    if (moving && body.categoryID !== undefined) {
      const delta = { discussions: 1, comments: row.countComments };
      await adjustCategoryCounts(trx, tree, row.categoryID, {
        discussions: -1,
        comments: -row.countComments,
      });
      await adjustCategoryCounts(trx, tree, body.categoryID, delta);
    }
    if (newAuthor !== null) {
      await trx
        .updateTable("users")
        .set({
          countDiscussions: sql`case when "countDiscussions" > 0 then "countDiscussions" - 1 else 0 end`,
        })
        .where("userID", "=", row.insertUserID)
        .execute();
      await trx
        .updateTable("users")
        .set({ countDiscussions: sql`"countDiscussions" + 1` })
        .where("userID", "=", newAuthor)
        .execute();
    }
  });
  if (moving) invalidateCategoryTree(context.db);
}
