import type { SearchRecordType, SearchRecordView } from "@library/server/search/searchRecordTypes";

export function profilePath(name: string): string {
  return `/profile/${encodeURIComponent(name)}`;
}

/** Members by name (and title); deleted accounts are not indexed. Seen by holders of profiles.view. */
export const userSearchRecords: SearchRecordType = {
  recordType: "user",
  domain: "user",
  types: ["user"],
  visibility: { kind: "permission", permission: "profiles.view" },
  async load(db, recordIDs) {
    if (recordIDs.length === 0) return [];
    const rows = await db
      .selectFrom("users")
      .select(["userID", "name", "title", "dateInserted", "dateUpdated"])
      .where("userID", "in", recordIDs)
      .where("deleted", "=", 0)
      .execute();
    return rows.map((row) => ({
      recordType: "user",
      recordID: row.userID,
      type: "user",
      name: row.name,
      body: row.title ?? "",
      categoryID: null,
      discussionID: null,
      insertUserID: row.userID,
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
    }));
  },
  async listIDs(db, afterID, limit) {
    const rows = await db
      .selectFrom("users")
      .select("userID")
      .where("userID", ">", afterID)
      .orderBy("userID")
      .limit(limit)
      .execute();
    return rows.map((row) => row.userID);
  },
  async view(context, _viewer, recordIDs) {
    const views = new Map<number, SearchRecordView>();
    if (recordIDs.length === 0) return views;
    const rows = await context.db
      .selectFrom("users")
      .select(["userID", "name", "title", "dateInserted", "dateUpdated", "banned"])
      .where("userID", "in", recordIDs)
      .where("deleted", "=", 0)
      .execute();
    for (const row of rows)
      views.set(row.userID, {
        recordID: row.userID,
        name: row.name,
        path: profilePath(row.name),
        bodyHtml: null,
        categoryID: null,
        discussionID: null,
        commentID: null,
        insertUserID: row.userID,
        updateUserID: null,
        dateInserted: row.dateInserted,
        dateUpdated: row.dateUpdated,
        score: 0,
        labelCodes: row.banned ? ["Banned"] : [],
      });
    return views;
  },
};
