import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import type { SearchRecordType, SearchRecordView } from "@library/server/search/searchRecordTypes";

export function commentPath(commentID: number): string {
  return `/discussion/comment/${commentID}#Comment_${commentID}`;
}

/** Comments: body only (the discussion's title is not theirs), in their discussion's category. */
export const commentSearchRecords: SearchRecordType = {
  recordType: "comment",
  domain: "all_content",
  types: ["comment", "answer"],
  visibility: { kind: "category" },
  async load(db, recordIDs) {
    if (recordIDs.length === 0) return [];
    const rows = await db
      .selectFrom("comments as c")
      .innerJoin("discussions as d", "d.discussionID", "c.discussionID")
      .select([
        "c.commentID",
        "c.bodyText",
        "c.discussionID",
        "d.categoryID",
        "c.insertUserID",
        "c.dateInserted",
        "c.dateUpdated",
      ])
      .where("c.commentID", "in", recordIDs)
      .where("c.deleteLogID", "is", null)
      .execute();
    return rows.map((row) => ({
      recordType: "comment",
      recordID: row.commentID,
      type: "comment",
      name: "",
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
      .selectFrom("comments")
      .select("commentID")
      .where("commentID", ">", afterID)
      .where("deleteLogID", "is", null)
      .orderBy("commentID")
      .limit(limit)
      .execute();
    return rows.map((row) => row.commentID);
  },
  async view(context, viewer, recordIDs) {
    const views = new Map<number, SearchRecordView>();
    if (recordIDs.length === 0) return views;
    // Comments of discussions an add-on hides from this viewer (a group's) are left out.
    const { conditions } = await discussionVisibility(context).forViewer(context, viewer);
    const rows = await context.db
      .selectFrom("comments as c")
      .innerJoin("discussions as d", "d.discussionID", "c.discussionID")
      .select([
        "c.commentID",
        "c.discussionID",
        "d.name",
        "c.bodyHtml",
        "d.categoryID",
        "c.insertUserID",
        "c.updateUserID",
        "c.dateInserted",
        "c.dateUpdated",
        "c.score",
      ])
      .where("c.commentID", "in", recordIDs)
      .where("c.deleteLogID", "is", null)
      .where((eb) => eb.and(conditions.map((visible) => visible(eb.ref("d.discussionID")))))
      .execute();
    const prefix = context.pages.translator()("RE: {name}");
    for (const row of rows)
      views.set(row.commentID, {
        recordID: row.commentID,
        name: prefix.replace("{name}", row.name),
        path: commentPath(row.commentID),
        bodyHtml: row.bodyHtml,
        categoryID: row.categoryID,
        discussionID: row.discussionID,
        commentID: row.commentID,
        insertUserID: row.insertUserID,
        updateUserID: row.updateUserID,
        dateInserted: row.dateInserted,
        dateUpdated: row.dateUpdated,
        score: row.score,
        labelCodes: [],
      });
    return views;
  },
};
