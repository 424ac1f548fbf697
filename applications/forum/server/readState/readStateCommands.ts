import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { findViewableCategory } from "../categories/categoriesQueries";
import { getCategoryTree } from "../categories/categoryTree";
import { readStateBufferOf } from "./readStateBuffer";
import { ALL_CATEGORIES_MARK } from "./readStates";

async function writeMarks(
  context: AppContext,
  userID: number,
  categoryIDs: readonly number[],
): Promise<void> {
  const date = nowIso();
  // Pending positions are written first, so none of them lands after the mark with an older view.
  await readStateBufferOf(context).flush();
  await context.db
    .insertInto("readMarks")
    .values(categoryIDs.map((categoryID) => ({ userID, categoryID, dateMarkedRead: date })))
    .onConflict((conflict) =>
      conflict.columns(["userID", "categoryID"]).doUpdateSet({ dateMarkedRead: date }),
    )
    .execute();
}

/** Marks a category and its sub-categories read for the session user (`PUT /categories/{id}/read`). */
export async function markCategoryRead(
  context: AppContext,
  viewer: Viewer,
  categoryID: number,
): Promise<void> {
  viewer.require("session.valid");
  const tree = await getCategoryTree(context.db);
  const row = findViewableCategory(tree, viewer, categoryID);
  await writeMarks(
    context,
    viewer.userID,
    tree.subtree(row.categoryID).map((category) => category.categoryID),
  );
}

/** Marks every discussion read for the session user (`PUT /categories/read`). */
export async function markAllRead(context: AppContext, viewer: Viewer): Promise<void> {
  viewer.require("session.valid");
  await writeMarks(context, viewer.userID, [ALL_CATEGORIES_MARK]);
}
