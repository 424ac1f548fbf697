import { escapeHtml } from "@library/server/pages/html";
import type { SearchRecordType, SearchRecordView } from "@library/server/search/searchRecordTypes";
import { categoryPath } from "./searchCategories";

/** Categories by name and description; a category is found by those who may see its discussions. */
export const categorySearchRecords: SearchRecordType = {
  recordType: "category",
  domain: "category",
  types: ["category"],
  visibility: { kind: "category" },
  async load(db, recordIDs) {
    if (recordIDs.length === 0) return [];
    const rows = await db
      .selectFrom("categories")
      .select(["categoryID", "name", "description", "insertUserID", "dateInserted", "dateUpdated"])
      .where("categoryID", "in", recordIDs)
      .execute();
    return rows.map((row) => ({
      recordType: "category",
      recordID: row.categoryID,
      type: "category",
      name: row.name,
      body: row.description ?? "",
      categoryID: row.categoryID,
      discussionID: null,
      insertUserID: row.insertUserID,
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
    }));
  },
  async listIDs(db, afterID, limit) {
    const rows = await db
      .selectFrom("categories")
      .select("categoryID")
      .where("categoryID", ">", afterID)
      .orderBy("categoryID")
      .limit(limit)
      .execute();
    return rows.map((row) => row.categoryID);
  },
  async view(context, _viewer, recordIDs) {
    const views = new Map<number, SearchRecordView>();
    if (recordIDs.length === 0) return views;
    const rows = await context.db
      .selectFrom("categories")
      .select(["categoryID", "name", "urlcode", "description", "insertUserID", "dateInserted", "dateUpdated"])
      .where("categoryID", "in", recordIDs)
      .execute();
    for (const row of rows)
      views.set(row.categoryID, {
        recordID: row.categoryID,
        name: row.name,
        path: categoryPath(row.urlcode),
        bodyHtml: row.description ? `<p>${escapeHtml(row.description)}</p>` : null,
        categoryID: row.categoryID,
        discussionID: null,
        commentID: null,
        insertUserID: row.insertUserID,
        updateUserID: null,
        dateInserted: row.dateInserted,
        dateUpdated: row.dateUpdated,
        score: 0,
        labelCodes: [],
      });
    return views;
  },
};
