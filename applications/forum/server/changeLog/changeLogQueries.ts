import type { ChangeLogEntry, ChangeLogQuery, ChangeLogRecord } from "@forum/api/changeLog";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError, PermissionError, ValidationError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import { getCategoryTree, hasCategoryPermission } from "../categories/categoryTree";
import { pageRequest } from "../http/expand";
import type { DiscussionRow } from "../discussions/discussionRows";
import type { ChangeLogRow } from "./changeLogRestore";

export const LOG_READERS = ["site.manage", "community.moderate"];

export interface ChangeLogResult {
  entries: ChangeLogEntry[];
  discussion: DiscussionRow;
  page: number;
  limit: number;
}

function recordOf(data: string): ChangeLogRecord {
  const parsed = JSON.parse(data) as Partial<ChangeLogRecord>;
  return {
    ...(parsed.name !== undefined ? { name: parsed.name } : {}),
    body: parsed.body ?? "",
    format: parsed.format ?? "text",
    bodyHtml: parsed.bodyHtml ?? "",
  };
}

/**
 * The discussion a log query is about (deleted or not): the record itself, or a comment's discussion. Readers
 * are moderators, or those who may delete such records in its category; others get 403.
 */
async function loggedDiscussion(context: AppContext, viewer: Viewer, query: ChangeLogQuery) {
  const discussionID =
    query.parentRecordID ?? (query.recordType === "discussion" ? query.recordID : undefined);
  let id = discussionID;
  if (id === undefined && query.recordID !== undefined) {
    const comment = await context.db
      .selectFrom("comments")
      .select("discussionID")
      .where("commentID", "=", query.recordID)
      .executeTakeFirst();
    id = comment?.discussionID;
    if (id === undefined) throw new NotFoundError("Comment");
  }
  if (id === undefined)
    throw ValidationError.field("recordID", "recordID or parentRecordID is required.", "required");
  const discussion = await context.db
    .selectFrom("discussions")
    .selectAll()
    .where("discussionID", "=", id)
    .executeTakeFirst();
  if (!discussion) throw new NotFoundError("Discussion");
  if (!viewer.has(LOG_READERS)) {
    const tree = await getCategoryTree(context.db);
    const permission = query.recordType === "discussion" ? "discussions.delete" : "comments.delete";
    if (!hasCategoryPermission(tree, viewer, permission, discussion.categoryID))
      throw new PermissionError(LOG_READERS);
  }
  return discussion;
}

/** A record's text as it is now (for the newest edit's `after`). */
async function currentRecord(
  context: AppContext,
  entry: ChangeLogRow,
  discussion: DiscussionRow,
): Promise<ChangeLogRecord | undefined> {
  if (entry.recordType === "discussion") {
    const { name, body, format, bodyHtml } = discussion;
    return { name, body, format, bodyHtml };
  }
  return context.db
    .selectFrom("comments")
    .select(["body", "format", "bodyHtml"])
    .where("commentID", "=", entry.recordID)
    .executeTakeFirst();
}

/**
 * `GET /log` (moderators): a record's deletions and edits, or the deleted comments of a discussion, newest
 * first. Each edit carries the revision before it and the one after (the next edit's before, or now).
 */
export async function listChangeLog(
  context: AppContext,
  viewer: Viewer,
  query: ChangeLogQuery,
): Promise<ChangeLogResult> {
  viewer.require("session.valid");
  const discussion = await loggedDiscussion(context, viewer, query);
  const { page, limit, offset } = pageRequest(query.page, query.limit);
  let select = context.db.selectFrom("changeLog").selectAll().where("recordType", "=", query.recordType);
  if (query.recordID !== undefined) select = select.where("recordID", "=", query.recordID);
  if (query.parentRecordID !== undefined) select = select.where("parentRecordID", "=", query.parentRecordID);
  if (query.operation !== undefined) select = select.where("operation", "=", query.operation);
  const rows = await select.orderBy("logID", "desc").limit(limit).offset(offset).execute();
  const users = await loadUserFragments(
    context.db,
    rows.flatMap((row) => [row.insertUserID, row.recordUserID, row.restoreUserID ?? 0]),
  );
  const entries: ChangeLogEntry[] = [];
  for (const row of rows) {
    const after = row.operation === "edit" ? await nextRevision(context, row, discussion) : undefined;
    entries.push({
      logID: row.logID,
      operation: row.operation,
      recordType: row.recordType,
      recordID: row.recordID,
      ...(row.parentRecordID !== null ? { parentRecordID: row.parentRecordID } : {}),
      recordName: row.recordName,
      before: recordOf(row.data),
      ...(after ? { after } : {}),
      recordUser: userFragmentOf(users, row.recordUserID),
      insertUser: userFragmentOf(users, row.insertUserID),
      dateInserted: row.dateInserted,
      ...(row.dateRestored !== null
        ? { dateRestored: row.dateRestored, restoreUser: userFragmentOf(users, row.restoreUserID ?? 0) }
        : {}),
      restorable: row.operation === "edit" ? discussion.deleteLogID === null : row.dateRestored === null,
    });
  }
  return { entries, discussion, page, limit };
}

/** The revision an edit produced: the next edit's `before`, or the record as it is now. */
async function nextRevision(
  context: AppContext,
  row: ChangeLogRow,
  discussion: DiscussionRow,
): Promise<ChangeLogRecord | undefined> {
  const next = await context.db
    .selectFrom("changeLog")
    .select("data")
    .where("recordType", "=", row.recordType)
    .where("recordID", "=", row.recordID)
    .where("operation", "=", "edit")
    .where("logID", ">", row.logID)
    .orderBy("logID")
    .limit(1)
    .executeTakeFirst();
  return next ? recordOf(next.data) : currentRecord(context, row, discussion);
}
