import type {
  ModerationCounts,
  ModerationItem,
  ModerationItemType,
  ModerationQueueQuery,
  ModerationStatus,
  QueueReport,
} from "@forum/api/moderationQueue";
import type { ReportReason } from "@forum/api/reports";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import { getCategoryTree } from "../categories/categoryTree";
import { commentUrl, discussionUrl } from "../content/urls";
import { requireModerationScope, type ModerationScope } from "./moderationAccess";
import { OPEN_STATUSES, parseHoldReasons, parseSpamReasons, type ModerationItemRow } from "./moderationItems";
import "./moderationTables";

const RESOLVED_STATUSES: readonly ModerationStatus[] = ["approved", "rejected", "deleted"];

function statusesOf(filter: ModerationQueueQuery["statuses"]): readonly string[] | null {
  switch (filter ?? "none") {
    case "none":
      return OPEN_STATUSES;
    case "escalated":
      return ["escalated"];
    case "resolved":
      return RESOLVED_STATUSES;
    default:
      return null;
  }
}

interface PostText {
  name: string;
  bodyHtml: string;
  dateInserted: string;
  url: string | null;
}

/** The text of every item's post (held and deleted ones too), in two queries. */
async function loadPostTexts(context: AppContext, items: readonly ModerationItemRow[]) {
  const discussionIDs = [...new Set(items.map((item) => item.discussionID))];
  const commentIDs = items.filter((item) => item.recordType === "comment").map((item) => item.recordID);
  const discussions = discussionIDs.length
    ? await context.db
        .selectFrom("discussions")
        .select(["discussionID", "name", "bodyHtml", "dateInserted", "deleteLogID"])
        .where("discussionID", "in", discussionIDs)
        .execute()
    : [];
  const comments = commentIDs.length
    ? await context.db
        .selectFrom("comments")
        .select(["commentID", "bodyHtml", "dateInserted", "deleteLogID"])
        .where("commentID", "in", commentIDs)
        .execute()
    : [];
  const discussionByID = new Map(discussions.map((row) => [row.discussionID, row]));
  const commentByID = new Map(comments.map((row) => [row.commentID, row]));
  const texts = new Map<number, PostText>();
  for (const item of items) {
    const discussion = discussionByID.get(item.discussionID);
    const name = discussion?.name ?? "";
    if (item.recordType === "discussion") {
      texts.set(item.itemID, {
        name,
        bodyHtml: discussion?.bodyHtml ?? "",
        dateInserted: discussion?.dateInserted ?? item.dateInserted,
        url: discussion && discussion.deleteLogID === null ? discussionUrl(item.recordID, name) : null,
      });
      continue;
    }
    const comment = commentByID.get(item.recordID);
    const live = comment?.deleteLogID === null && discussion?.deleteLogID === null;
    texts.set(item.itemID, {
      name,
      bodyHtml: comment?.bodyHtml ?? "",
      dateInserted: comment?.dateInserted ?? item.dateInserted,
      url: live ? commentUrl(item.recordID) : null,
    });
  }
  return texts;
}

/** Items presented with their post, reports (newest first, with reporters) and reason counts. */
export async function presentItems(
  context: AppContext,
  items: readonly ModerationItemRow[],
): Promise<ModerationItem[]> {
  if (items.length === 0) return [];
  const reports = await context.db
    .selectFrom("reports")
    .selectAll()
    .where(
      "itemID",
      "in",
      items.map((item) => item.itemID),
    )
    .orderBy("dateInserted", "desc")
    .orderBy("reportID", "desc")
    .execute();
  const [texts, users] = await Promise.all([
    loadPostTexts(context, items),
    loadUserFragments(context.db, [
      ...items.map((item) => item.recordUserID),
      ...items.flatMap((item) => (item.actionUserID ? [item.actionUserID] : [])),
      ...reports.map((report) => report.insertUserID),
    ]),
  ]);
  return items.map((item) => {
    const text = texts.get(item.itemID);
    const own = reports.filter((report) => report.itemID === item.itemID);
    const reasonCounts = new Map<ReportReason, number>();
    for (const report of own) {
      const reason = report.reason as ReportReason;
      reasonCounts.set(reason, (reasonCounts.get(reason) ?? 0) + 1);
    }
    const presentedReports: QueueReport[] = own.map((report) => ({
      reportID: report.reportID,
      reason: report.reason as ReportReason,
      note: report.note,
      insertUser: userFragmentOf(users, report.insertUserID),
      dateInserted: report.dateUpdated ?? report.dateInserted,
    }));
    return {
      itemID: item.itemID,
      itemType: item.itemType as ModerationItemType,
      status: item.status as ModerationStatus,
      recordType: item.recordType,
      recordID: item.recordID,
      discussionID: item.discussionID,
      categoryID: item.categoryID,
      recordName: text?.name ?? "",
      bodyHtml: text?.bodyHtml ?? "",
      url: text?.url ?? null,
      recordUser: userFragmentOf(users, item.recordUserID),
      dateRecordInserted: text?.dateInserted ?? item.dateInserted,
      dateInserted: item.dateInserted,
      holdReasons: parseHoldReasons(item.holdReasons),
      spamScore: item.spamScore,
      spamReasons: parseSpamReasons(item.spamReasons),
      countReports: own.length,
      reasons: [...reasonCounts].map(([reason, count]) => ({ reason, count })),
      reports: presentedReports,
      ...(item.actionUserID ? { actionUser: userFragmentOf(users, item.actionUserID) } : {}),
      ...(item.dateActioned ? { dateActioned: item.dateActioned } : {}),
    };
  });
}

function scoped(scope: ModerationScope) {
  return scope.all ? null : [...scope.categoryIDs];
}

/**
 * `GET /moderation/items` (community.moderate, or posts.moderate for the items of those categories): open
 * items oldest first (a queue), decided ones newest first; filtered by status, type and post.
 */
export async function listQueue(
  context: AppContext,
  viewer: Viewer,
  query: ModerationQueueQuery,
): Promise<{ items: ModerationItem[]; page: number; limit: number }> {
  const scope = requireModerationScope(await getCategoryTree(context.db), viewer);
  const page = query.page ?? 1;
  const limit = query.limit ?? 30;
  const statuses = statusesOf(query.statuses);
  const categoryIDs = scoped(scope);
  const open = (query.statuses ?? "none") === "none" || query.statuses === "escalated";
  const rows = await context.db
    .selectFrom("moderationItems")
    .selectAll()
    .$if(statuses !== null, (qb) => qb.where("status", "in", [...(statuses ?? [])]))
    .$if(query.itemType !== undefined, (qb) => qb.where("itemType", "=", query.itemType ?? ""))
    .$if(query.recordType !== undefined, (qb) => qb.where("recordType", "=", query.recordType ?? "comment"))
    .$if(query.recordID !== undefined, (qb) => qb.where("recordID", "=", query.recordID ?? 0))
    .$if(categoryIDs !== null, (qb) => qb.where("categoryID", "in", categoryIDs?.length ? categoryIDs : [0]))
    .where("recordID", ">", 0)
    .orderBy("itemID", open ? "asc" : "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { items: await presentItems(context, rows), page, limit };
}

/** `GET /moderation/counts`: open items by type, and how many of them are escalated. */
export async function queueCounts(context: AppContext, viewer: Viewer): Promise<ModerationCounts> {
  const scope = requireModerationScope(await getCategoryTree(context.db), viewer);
  const categoryIDs = scoped(scope);
  const rows = await context.db
    .selectFrom("moderationItems")
    .select(["itemType", "status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("status", "in", [...OPEN_STATUSES])
    .where("recordID", ">", 0)
    .$if(categoryIDs !== null, (qb) => qb.where("categoryID", "in", categoryIDs?.length ? categoryIDs : [0]))
    .groupBy(["itemType", "status"])
    .execute();
  const counts: ModerationCounts = { report: 0, premoderation: 0, spam: 0, escalated: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    if (row.itemType === "report" || row.itemType === "premoderation" || row.itemType === "spam")
      counts[row.itemType] += count;
    if (row.status === "escalated") counts.escalated += count;
  }
  return counts;
}
