import type { AppContext } from "@library/server/app/appContext";
import { HttpError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { categoryIDsWith, getCategoryTree, hasCategoryPermission } from "../categories/categoryTree";

/** 403 of a bulk call (API.md 7.14): the permission missing and the ids it is missing on. */
export class BulkPermissionError extends HttpError {
  constructor(permission: string, recordIDs: readonly number[]) {
    super(403, "Permission Problem", {
      description: `You need the ${permission} permission to do that.`,
      permissions: [permission],
      recordIDs: [...recordIDs],
    });
  }
}

/** Live discussions among the ids, with their categories (ids that do not exist are left out). */
export async function discussionCategories(
  context: AppContext,
  discussionIDs: readonly number[],
): Promise<Map<number, { categoryID: number; closed: number; type: string }>> {
  if (discussionIDs.length === 0) return new Map();
  const rows = await context.db
    .selectFrom("discussions")
    .select(["discussionID", "categoryID", "closed", "type"])
    .where("discussionID", "in", [...discussionIDs])
    .where("deleteLogID", "is", null)
    .execute();
  return new Map(rows.map((row) => [row.discussionID, row]));
}

/**
 * The whole-call check of a bulk call: the viewer must see every listed discussion and hold `permission` in
 * its category, else the call fails first with 403 naming the ids (API.md 7.14). Ids that do not exist are
 * left to the per-id pass (404 each).
 */
export async function requireOnEveryDiscussion(
  context: AppContext,
  viewer: Viewer,
  discussionIDs: readonly number[],
  permission: string,
): Promise<void> {
  viewer.require("session.valid");
  const tree = await getCategoryTree(context.db);
  const visible = categoryIDsWith(tree, viewer);
  const refused = [...(await discussionCategories(context, discussionIDs))]
    .filter(
      ([, row]) =>
        !visible.has(row.categoryID) || !hasCategoryPermission(tree, viewer, permission, row.categoryID),
    )
    .map(([discussionID]) => discussionID)
    .sort((a, b) => a - b);
  if (refused.length > 0) throw new BulkPermissionError(permission, refused);
}
