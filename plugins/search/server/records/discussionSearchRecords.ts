import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import type { SearchRecordType, SearchRecordView } from "@library/server/search/searchRecordTypes";

/** A URL slug of a title, as the forum writes it: lower-case words joined by dashes, at most 80 characters. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return encodeURIComponent(slug || "discussion");
}

export function discussionPath(discussionID: number, name: string): string {
  return `/discussion/${discussionID}/${slugOf(name)}`;
}

/** Discussions: title (boosted) and body, in their category; sub-type = the discussion's type. */
export const discussionSearchRecords: SearchRecordType = {
  recordType: "discussion",
  domain: "all_content",
  types: ["discussion", "question", "idea", "poll"],
  visibility: { kind: "category" },
  async load(db, recordIDs) {
    if (recordIDs.length === 0) return [];
    const rows = await db
      .selectFrom("discussions")
      .select([
        "discussionID",
        "type",
        "name",
        "bodyText",
        "categoryID",
        "insertUserID",
        "dateInserted",
        "dateUpdated",
      ])
      .where("discussionID", "in", recordIDs)
      .where("deleteLogID", "is", null)
      .execute();
    return rows.map((row) => ({
      recordType: "discussion",
      recordID: row.discussionID,
      type: row.type || "discussion",
      name: row.name,
      body: row.bodyText,
      categoryID: row.categoryID,
      discussionID: row.discussionID,
      insertUserID: row.insertUserID,
      dateInserted: row.dateInserted,
      dateUpdated: row.dateUpdated,
    }));
  },
  async listIDs(db, afterID, limit) {
    const rows = await db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", ">", afterID)
      .where("deleteLogID", "is", null)
      .orderBy("discussionID")
      .limit(limit)
      .execute();
    return rows.map((row) => row.discussionID);
  },
  async view(context, viewer, recordIDs) {
    const views = new Map<number, SearchRecordView>();
    if (recordIDs.length === 0) return views;
    // Discussions an add-on hides from this viewer (a group's) are left out.
    const { conditions } = await discussionVisibility(context).forViewer(context, viewer);
    const rows = await context.db
      .selectFrom("discussions")
      .select([
        "discussionID",
        "name",
        "bodyHtml",
        "categoryID",
        "insertUserID",
        "updateUserID",
        "dateInserted",
        "dateUpdated",
        "score",
        "closed",
        "pinned",
      ])
      .where("discussionID", "in", recordIDs)
      .where("deleteLogID", "is", null)
      .where((eb) => eb.and(conditions.map((visible) => visible(eb.ref("discussions.discussionID")))))
      .execute();
    for (const row of rows)
      views.set(row.discussionID, {
        recordID: row.discussionID,
        name: row.name,
        path: discussionPath(row.discussionID, row.name),
        bodyHtml: row.bodyHtml,
        categoryID: row.categoryID,
        discussionID: row.discussionID,
        commentID: null,
        insertUserID: row.insertUserID,
        updateUserID: row.updateUserID,
        dateInserted: row.dateInserted,
        dateUpdated: row.dateUpdated,
        score: row.score,
        labelCodes: [...(row.pinned ? ["Announcement"] : []), ...(row.closed ? ["Closed"] : [])],
      });
    return views;
  },
};
