import type { CollectionWidgetProps } from "@forum/api/collections";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { categoryIDsWith, categoryUrl, getCategoryTree } from "../categories/categoryTree";
import { discussionUrl } from "../content/urls";
import "./collectionTables";

/** The home page shows this many collections, the most recently changed first. */
export const HOME_COLLECTIONS = 3;

/**
 * The home page's collection widgets (DECISION: without a layout editor, the home page shows the most recently
 * changed collections): each collection's discussions and categories the reader may see, in the collection's
 * order. A collection with nothing the reader may see is left out.
 */
export async function homeCollectionWidgets(
  context: AppContext,
  viewer: Viewer,
): Promise<CollectionWidgetProps[]> {
  const collections = await context.db
    .selectFrom("collections")
    .select(["collectionID", "name"])
    .orderBy((eb) => eb.fn.coalesce("dateUpdated", "dateInserted"), "desc")
    .orderBy("collectionID", "desc")
    .limit(HOME_COLLECTIONS)
    .execute();
  if (collections.length === 0) return [];
  const records = await context.db
    .selectFrom("collectionRecords")
    .selectAll()
    .where(
      "collectionID",
      "in",
      collections.map((collection) => collection.collectionID),
    )
    .where("recordType", "in", ["discussion", "category"])
    .execute();
  const tree = await getCategoryTree(context.db);
  const visible = categoryIDsWith(tree, viewer);
  const discussionIDs = records.filter((record) => record.recordType === "discussion").map((r) => r.recordID);
  const discussions =
    discussionIDs.length === 0
      ? []
      : await context.db
          .selectFrom("discussions")
          .select(["discussionID", "name", "categoryID", "bodyText"])
          .where("discussionID", "in", discussionIDs)
          .where("deleteLogID", "is", null)
          .execute();
  const discussionByID = new Map(
    discussions.filter((row) => visible.has(row.categoryID)).map((row) => [row.discussionID, row]),
  );
  return collections.flatMap((collection) => {
    const items = records
      .filter((record) => record.collectionID === collection.collectionID)
      .sort(
        (a, b) =>
          (a.sort ?? Number.MAX_SAFE_INTEGER) - (b.sort ?? Number.MAX_SAFE_INTEGER) ||
          a.dateAddedToCollection.localeCompare(b.dateAddedToCollection),
      )
      .flatMap((record): CollectionWidgetProps["items"] => {
        if (record.recordType === "discussion") {
          const row = discussionByID.get(record.recordID);
          return row
            ? [
                {
                  recordID: row.discussionID,
                  recordType: "discussion",
                  name: row.name,
                  url: discussionUrl(row.discussionID, row.name),
                  excerpt: row.bodyText.slice(0, 160),
                },
              ]
            : [];
        }
        const category = tree.get(record.recordID);
        return category && visible.has(category.categoryID)
          ? [
              {
                recordID: category.categoryID,
                recordType: "category",
                name: category.name,
                url: categoryUrl(category.urlcode),
              },
            ]
          : [];
      });
    return items.length > 0 ? [{ collectionID: collection.collectionID, title: collection.name, items }] : [];
  });
}
