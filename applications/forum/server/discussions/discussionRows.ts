import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import type { DbOrTx } from "@library/server/db/database";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Selectable } from "kysely";
import { getCategoryTree, viewerMayIn, type CategoryTree } from "../categories/categoryTree";
import { deletedRecordError } from "./deletedRecords";
import type { DiscussionTable } from "../tables";

export type DiscussionRow = Selectable<DiscussionTable>;

export const DISCUSSION_NOT_FOUND = "Discussion";

/** A live discussion's row (every discussion page and write reads it: compiled once). */
export async function getDiscussionRow(db: DbOrTx, discussionID: number): Promise<DiscussionRow | undefined> {
  const rows = await executeCompiledOnce(
    db,
    "discussionRow",
    () =>
      db
        .selectFrom("discussions")
        .selectAll()
        .where("discussionID", "=", discussionID)
        .where("deleteLogID", "is", null),
    [discussionID],
  );
  return rows[0];
}

/** Rows by id, in the order of `ids` (one query). */
export async function loadDiscussionRows(db: DbOrTx, ids: readonly number[]): Promise<DiscussionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("discussions")
    .selectAll()
    .where("discussionID", "in", [...ids])
    .where("deleteLogID", "is", null)
    .execute();
  const byID = new Map(rows.map((row) => [row.discussionID, row]));
  return ids.flatMap((id) => {
    const row = byID.get(id);
    return row ? [row] : [];
  });
}

/**
 * A discussion the viewer may see: 404 when unknown or hidden by an add-on's visibility rule, 410 when deleted
 * (RecordDeletedError), 403 without discussions.view in its category. `known` is its row when the request has
 * already read it (not read again).
 */
export async function getViewableDiscussion(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  known?: DiscussionRow,
): Promise<{ row: DiscussionRow; tree: CategoryTree }> {
  const [row, tree] = await Promise.all([
    known?.discussionID === discussionID ? known : getDiscussionRow(context.db, discussionID),
    getCategoryTree(context.db),
  ]);
  if (!row)
    throw (
      (await deletedRecordError(context.db, tree, viewer, "discussion", discussionID)) ??
      new NotFoundError(DISCUSSION_NOT_FOUND)
    );
  if (!viewerMayIn(tree, viewer, row.categoryID)) throw new PermissionError(["discussions.view"]);
  // An add-on's rule (a group's discussions) hides the discussion as if it did not exist.
  if (!(await discussionVisibility(context).allows(context, viewer, discussionID)))
    throw new NotFoundError(DISCUSSION_NOT_FOUND);
  return { row, tree };
}
