import type { ReportMeta } from "@forum/api/reports";
import { ReportMetaSchema } from "@forum/api/reports";
import type { AppContext } from "@library/server/app/appContext";
import type { RecordFieldExtender } from "@library/server/addons/recordExtenders";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import { getCategoryTree } from "../categories/categoryTree";
import { moderatesCategory, moderationScopeOf } from "../moderation/moderationAccess";
import { OPEN_STATUSES } from "../moderation/moderationItems";
import "../moderation/moderationTables";

type RecordType = "discussion" | "comment";

/** The category of each record (one query), to decide where the viewer moderates. */
async function categoriesOf(context: AppContext, recordType: RecordType, ids: readonly number[]) {
  const rows =
    recordType === "discussion"
      ? await context.db
          .selectFrom("discussions")
          .select(["discussionID as recordID", "categoryID"])
          .where("discussionID", "in", [...ids])
          .execute()
      : await context.db
          .selectFrom("comments")
          .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
          .select(["comments.commentID as recordID", "discussions.categoryID"])
          .where("comments.commentID", "in", [...ids])
          .execute();
  return new Map(rows.map((row) => [row.recordID, row.categoryID]));
}

/**
 * API.md 2.10: the open reports of each post (one query for the page), only for viewers who moderate its
 * category; other viewers get no field at all.
 */
export async function loadReportMeta(
  context: AppContext,
  viewer: Viewer,
  recordType: RecordType,
  ids: readonly number[],
): Promise<Map<number, ReportMeta>> {
  const result = new Map<number, ReportMeta>();
  if (viewer.isGuest || ids.length === 0) return result;
  const tree = await getCategoryTree(context.db);
  // A member who moderates no category sees no report metadata: the records' categories are not read.
  if (!moderationScopeOf(tree, viewer)) return result;
  const categories = await categoriesOf(context, recordType, ids);
  const moderated = ids.filter((id) => {
    const categoryID = categories.get(id);
    return categoryID !== undefined && moderatesCategory(tree, viewer, categoryID);
  });
  if (moderated.length === 0) return result;
  const reports = await context.db
    .selectFrom("reports")
    .innerJoin("moderationItems", "moderationItems.itemID", "reports.itemID")
    .select(["reports.recordID", "reports.insertUserID", "reports.reason", "reports.dateInserted"])
    .where("reports.recordType", "=", recordType)
    .where("reports.recordID", "in", moderated)
    .where("moderationItems.status", "in", [...OPEN_STATUSES])
    .orderBy("reports.dateInserted")
    .execute();
  const users = await loadUserFragments(
    context.db,
    reports.map((report) => report.insertUserID),
  );
  for (const id of moderated) {
    const own = reports.filter((report) => report.recordID === id);
    const userIDs = [...new Set(own.map((report) => report.insertUserID))];
    const last = own.at(-1);
    result.set(id, {
      countReports: own.length,
      countReportUsers: userIDs.length,
      ...(last ? { dateLastReport: last.dateInserted } : {}),
      reportReasonIDs: [...new Set(own.map((report) => report.reason))],
      reportUserIDs: userIDs,
      reportUsers: userIDs.map((userID) => userFragmentOf(users, userID)),
    });
  }
  return result;
}

/** The `reportMeta` field of discussions or comments (presenter extender). */
export function reportMetaExtender(recordType: RecordType): RecordFieldExtender {
  return {
    field: "reportMeta",
    schema: ReportMetaSchema,
    load: (ids, viewer, context) => loadReportMeta(context, viewer, recordType, ids),
  };
}
