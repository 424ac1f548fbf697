import type { CommentSort } from "@forum/api/comments";
import type { ThreadItem } from "@forum/api/commentThreads";
import type { DbOrTx } from "@library/server/db/database";
import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "@library/server/db/database";
import { commentOrder } from "./commentsQueries";
import type { CommentRow } from "./commentRows";

/** Levels of replies shown under a top-level comment (deeper: 'Continue this thread'). */
export const THREAD_DEPTH_SHOWN = 3;
/** Replies shown per comment (more: 'Show more replies'); the focused comment shows up to FOCUS_REPLIES_SHOWN. */
export const REPLIES_SHOWN = 5;
export const FOCUS_REPLIES_SHOWN = 50;
/** Most comments one page of a thread holds, top-level ones included. */
export const MAX_THREAD_COMMENTS = 200;

/** In a thread: live comments and tombstones (placeholders of deleted comments). */
function inThread(eb: ExpressionBuilder<Database, "comments">) {
  return eb.or([eb("comments.deleteLogID", "is", null), eb("comments.tombstone", "=", 1)]);
}

export interface ThreadRequest {
  discussionID: number;
  /** The replies of this comment instead of the top-level comments. */
  parentCommentID: number | null;
  focusCommentID?: number;
  sort: CommentSort;
  page: number;
  limit: number;
}

export interface ThreadPage {
  /** Every comment of the page, in reading order. */
  rows: CommentRow[];
  structure: ThreadItem[];
  /** Top-level comments (or replies of `parentCommentID`) in the thread: the pager's total. */
  totalRoots: number;
}

type RankedRow = CommentRow & { rowNumber: number; siblings: number };

/** The focused comment and its ancestors up to (not including) the page's parent; empty when not in this thread. */
async function focusPath(db: DbOrTx, request: ThreadRequest): Promise<number[]> {
  if (request.focusCommentID === undefined) return [];
  const path: number[] = [];
  let id: number | null = request.focusCommentID;
  while (id !== null && id !== request.parentCommentID && path.length <= 6) {
    const row = await db
      .selectFrom("comments")
      .select(["commentID", "parentCommentID", "discussionID"])
      .where("commentID", "=", id)
      .where(inThread)
      .executeTakeFirst();
    if (!row || row.discussionID !== request.discussionID) return [];
    path.push(row.commentID);
    id = row.parentCommentID;
  }
  return id === request.parentCommentID ? path : [];
}

async function loadRoots(db: DbOrTx, request: ThreadRequest): Promise<{ rows: CommentRow[]; total: number }> {
  const scoped = db
    .selectFrom("comments")
    .where("comments.discussionID", "=", request.discussionID)
    .where((eb) =>
      request.parentCommentID === null
        ? eb("comments.parentCommentID", "is", null)
        : eb("comments.parentCommentID", "=", request.parentCommentID),
    )
    .where(inThread);
  let query = scoped.selectAll();
  const order = commentOrder(request.sort);
  for (const item of order) query = query.orderBy(`comments.${item.column}`, item.direction);
  const last = order[order.length - 1]?.direction ?? "asc";
  const [rows, count] = await Promise.all([
    query
      .orderBy("comments.commentID", last)
      .limit(request.limit)
      .offset((request.page - 1) * request.limit)
      .execute(),
    scoped.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/** The first replies (date order) of each parent, with the number of replies each has in the thread. */
async function loadReplies(db: DbOrTx, parentIDs: readonly number[], path: readonly number[]) {
  const ranked = db
    .selectFrom("comments")
    .selectAll()
    .select(
      sql<number>`row_number() over (partition by ${sql.ref("parentCommentID")} order by ${sql.ref("dateInserted")}, ${sql.ref("commentID")})`.as(
        "rowNumber",
      ),
    )
    .select(sql<number>`count(*) over (partition by ${sql.ref("parentCommentID")})`.as("siblings"))
    .where("comments.parentCommentID", "in", [...parentIDs])
    .where(inThread);
  const rows = await db
    .selectFrom(ranked.as("ranked"))
    .selectAll()
    .where((eb) =>
      eb.or([
        eb("ranked.rowNumber", "<=", FOCUS_REPLIES_SHOWN),
        eb("ranked.commentID", "in", path.length > 0 ? [...path] : [-1]),
      ]),
    )
    .orderBy("ranked.parentCommentID")
    .orderBy("ranked.rowNumber")
    .execute();
  return rows.map((row) => ({ ...row, rowNumber: Number(row.rowNumber), siblings: Number(row.siblings) }));
}

/**
 * One page of a discussion's thread: the top-level comments of the page (or the replies of one comment), and
 * under each its replies in date order — REPLIES_SHOWN per comment, THREAD_DEPTH_SHOWN levels deep, at most
 * MAX_THREAD_COMMENTS in all; what is left out becomes a hole ('more' replies, or 'depth': continue the thread).
 * With a focused comment, the path down to it is always shown and so are its replies (up to FOCUS_REPLIES_SHOWN).
 * One query per level (max depth 5).
 */
export async function loadThreadPage(db: DbOrTx, request: ThreadRequest): Promise<ThreadPage> {
  const path = await focusPath(db, request);
  const onPath = new Set(path);
  const focus = path[0];
  const { rows: roots, total } = await loadRoots(db, request);
  const budget = new Map<number, number>();
  const childBudget = (id: number, inherited: number) =>
    id === focus ? THREAD_DEPTH_SHOWN - 1 : onPath.has(id) ? Math.max(inherited, 1) : inherited;
  for (const root of roots) budget.set(root.commentID, childBudget(root.commentID, THREAD_DEPTH_SHOWN - 1));

  const children = new Map<number, RankedRow[]>();
  const siblingsOf = new Map<number, number>();
  let count = roots.length;
  let frontier = roots.map((root) => root.commentID).filter((id) => (budget.get(id) ?? 0) > 0);
  while (frontier.length > 0) {
    // Over the page's bound: only the way to the focused comment goes on.
    if (count >= MAX_THREAD_COMMENTS) frontier = frontier.filter((id) => onPath.has(id));
    if (frontier.length === 0) break;
    const replies = await loadReplies(db, frontier, path);
    const next: number[] = [];
    for (const reply of replies) {
      const parentID = reply.parentCommentID ?? 0;
      siblingsOf.set(parentID, reply.siblings);
      const limit = parentID === focus ? FOCUS_REPLIES_SHOWN : REPLIES_SHOWN;
      const shown = onPath.has(reply.commentID) || (reply.rowNumber <= limit && count < MAX_THREAD_COMMENTS);
      if (!shown) continue;
      count += 1;
      const list = children.get(parentID) ?? [];
      list.push(reply);
      children.set(parentID, list);
      const left = childBudget(reply.commentID, (budget.get(parentID) ?? 1) - 1);
      budget.set(reply.commentID, left);
      if (left > 0) next.push(reply.commentID);
    }
    for (const id of frontier) if (!siblingsOf.has(id)) siblingsOf.set(id, 0);
    frontier = next;
  }

  const rows: CommentRow[] = [];
  const structure: ThreadItem[] = [];
  const threadApi = (parentID: number, extra = "") =>
    `/api/v2/comments/thread?discussionID=${request.discussionID}&parentCommentID=${parentID}${extra}`;
  const visit = (row: CommentRow) => {
    rows.push(row);
    structure.push({
      type: "comment",
      commentID: row.commentID,
      parentCommentID: row.parentCommentID,
      depth: row.depth,
    });
    const siblings = siblingsOf.get(row.commentID);
    if (siblings === undefined) {
      // Not expanded here: deeper than the page goes.
      if (row.countChildComments > 0)
        structure.push({
          type: "hole",
          reason: "depth",
          parentCommentID: row.commentID,
          depth: row.depth + 1,
          countAllComments: row.countChildComments,
          url: `/discussion/comment/${row.commentID}`,
          apiUrl: threadApi(row.commentID),
        });
      return;
    }
    const shown = children.get(row.commentID) ?? [];
    for (const child of shown) visit(child);
    if (siblings > shown.length)
      structure.push({
        type: "hole",
        reason: "more",
        parentCommentID: row.commentID,
        depth: row.depth + 1,
        countAllComments: siblings - shown.length,
        url: `/discussion/comment/${row.commentID}`,
        apiUrl: threadApi(row.commentID, `&limit=${FOCUS_REPLIES_SHOWN}`),
      });
  };
  for (const root of roots) visit(root);
  return { rows, structure, totalRoots: total };
}

/**
 * Where a comment is in the threaded view: its top-level comment's page (date order, tombstones counted) and
 * the ids from the top-level comment down to it. Null for a comment not in a thread.
 */
export async function threadLocation(
  db: DbOrTx,
  commentID: number,
  limit: number,
): Promise<{ discussionID: number; page: number; rootID: number } | null> {
  let row = await db
    .selectFrom("comments")
    .select(["commentID", "parentCommentID", "discussionID", "dateInserted"])
    .where("commentID", "=", commentID)
    .where(inThread)
    .executeTakeFirst();
  for (let hops = 0; row && row.parentCommentID !== null && hops < 6; hops += 1)
    row = await db
      .selectFrom("comments")
      .select(["commentID", "parentCommentID", "discussionID", "dateInserted"])
      .where("commentID", "=", row.parentCommentID)
      .where(inThread)
      .executeTakeFirst();
  if (!row || row.parentCommentID !== null) return null;
  const root = row;
  const before = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("comments.discussionID", "=", root.discussionID)
    .where("comments.parentCommentID", "is", null)
    .where(inThread)
    .where((eb) =>
      eb.or([
        eb("comments.dateInserted", "<", root.dateInserted),
        eb.and([
          eb("comments.dateInserted", "=", root.dateInserted),
          eb("comments.commentID", "<", root.commentID),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return {
    discussionID: root.discussionID,
    page: Math.floor(Number(before.count) / limit) + 1,
    rootID: root.commentID,
  };
}
