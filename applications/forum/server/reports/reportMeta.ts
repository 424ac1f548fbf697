import type { ReportMeta } from "@forum/api/reports";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import { getCategoryTree, type CategoryTree } from "../categories/categoryTree";
import { moderatesCategory, moderationScopeOf } from "../moderation/moderationAccess";
import { OPEN_STATUSES } from "../moderation/moderationItems";
import "../moderation/moderationTables";

type RecordType = "discussion" | "comment";

/** A post whose report metadata is asked for, with the category it is in. */
export interface ReportedPost {
  recordID: number;
  categoryID: number;
}

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
  return rows;
}

/**
 * API.md 2.10: the open reports of each post (one query for the page), only for viewers who moderate its
 * category (posts.moderate there, or community.moderate); other posts and other viewers get no entry at all.
 */
export async function reportMetaOf(
  db: DbOrTx,
  tree: CategoryTree,
  viewer: Viewer,
  recordType: RecordType,
  posts: readonly ReportedPost[],
): Promise<Map<number, ReportMeta>> {
  const result = new Map<number, ReportMeta>();
  // A member who moderates no category sees no report metadata: nothing is read.
  if (viewer.isGuest || posts.length === 0 || !moderationScopeOf(tree, viewer)) return result;
  const moderated = posts
    .filter((post) => moderatesCategory(tree, viewer, post.categoryID))
    .map((post) => post.recordID);
  if (moderated.length === 0) return result;
  const reports = await db
    .selectFrom("reports")
    .innerJoin("moderationItems", "moderationItems.itemID", "reports.itemID")
    .select(["reports.recordID", "reports.insertUserID", "reports.reason", "reports.dateInserted"])
    .where("reports.recordType", "=", recordType)
    .where("reports.recordID", "in", moderated)
    .where("moderationItems.status", "in", [...OPEN_STATUSES])
    .orderBy("reports.dateInserted")
    .execute();
  const users = await loadUserFragments(
    db,
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

/** `reportMetaOf` for records known by id only (their categories are read first, only for moderators). */
export async function loadReportMeta(
  context: AppContext,
  viewer: Viewer,
  recordType: RecordType,
  ids: readonly number[],
): Promise<Map<number, ReportMeta>> {
  if (viewer.isGuest || ids.length === 0) return new Map();
  const tree = await getCategoryTree(context.db);
  if (!moderationScopeOf(tree, viewer)) return new Map();
  return reportMetaOf(context.db, tree, viewer, recordType, await categoriesOf(context, recordType, ids));
}
