import type { SearchRecordType, SearchRecordView } from "@library/server/search/searchRecordTypes";
import { kbPaths } from "../../api/knowledgeUrls";
import { KB_VIEW } from "../knowledgePermissions";
import "../tables";

/** Published articles in the search index (domain knowledgeBase), found by readers of the knowledge bases. */
export const articleSearchRecords: SearchRecordType = {
  recordType: "article",
  domain: "knowledgeBase",
  types: ["article"],
  visibility: { kind: "permission", permission: KB_VIEW },
  async load(db, recordIDs) {
    if (recordIDs.length === 0) return [];
    const rows = await db
      .selectFrom("articles")
      .select(["articleID", "name", "bodyText", "insertUserID", "dateInserted", "dateUpdated"])
      .where("articleID", "in", recordIDs)
      .where("status", "=", "published")
      .execute();
    return rows.map((row) => ({
      recordType: "article",
      recordID: row.articleID,
      type: "article",
      name: row.name,
      body: row.bodyText,
      categoryID: null,
      discussionID: null,
      insertUserID: row.insertUserID,
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
    }));
  },
  /** API.md 15: `knowledgeBaseID` and `knowledgeCategoryIDs` (the categories named, not their children). */
  narrow(db, filters) {
    const categoryIDs = [...new Set(filters.knowledgeCategoryIDs ?? [])].sort((a, b) => a - b);
    if (filters.knowledgeBaseID === undefined && categoryIDs.length === 0) return null;
    let query = db.selectFrom("articles").select("articleID").where("status", "=", "published");
    if (filters.knowledgeBaseID !== undefined)
      query = query.where("knowledgeBaseID", "=", filters.knowledgeBaseID);
    if (categoryIDs.length > 0) query = query.where("knowledgeCategoryID", "in", categoryIDs);
    return {
      key: `articles base=${filters.knowledgeBaseID ?? ""} categories=${categoryIDs.join(",")}`,
      recordIDs: query,
    };
  },
  async listIDs(db, afterID, limit) {
    const rows = await db
      .selectFrom("articles")
      .select("articleID")
      .where("articleID", ">", afterID)
      .where("status", "=", "published")
      .orderBy("articleID")
      .limit(limit)
      .execute();
    return rows.map((row) => row.articleID);
  },
  async view(context, _viewer, recordIDs) {
    const views = new Map<number, SearchRecordView>();
    if (recordIDs.length === 0) return views;
    const rows = await context.db
      .selectFrom("articles")
      .selectAll()
      .where("articleID", "in", recordIDs)
      .where("status", "=", "published")
      .execute();
    for (const row of rows)
      views.set(row.articleID, {
        recordID: row.articleID,
        name: row.name,
        path: kbPaths.article(row.articleID, row.name),
        bodyHtml: row.bodyHtml,
        categoryID: null,
        discussionID: null,
        commentID: null,
        insertUserID: row.insertUserID,
        updateUserID: row.updateUserID,
        dateInserted: row.dateInserted,
        dateUpdated: row.dateUpdated,
        score: row.countHelpful,
        labelCodes: [],
      });
    return views;
  },
};
