import { discussionVisibility, type DiscussionVisibility } from "@library/server/addons/discussionVisibility";
import type { CommentListQuery, CommentSort } from "@forum/api/comments";
import type { AppContext } from "@library/server/app/appContext";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import type { DbOrTx } from "@library/server/db/database";
import type { Compilable } from "kysely";
import { ValidationError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { categoryIDsWith, getCategoryTree, type CategoryTree } from "../categories/categoryTree";
import { getViewableDiscussion, type DiscussionRow } from "../discussions/discussionRows";
import { pageRequest } from "../http/expand";
import { loadCommentRows, SHOWN_COMMENT_COLUMNS, type CommentRow, type ShownCommentRow } from "./commentRows";

export interface CommentFilter {
  discussionID?: number;
  insertUserID?: number;
  /** Only comments of discussions in these categories (null: any). */
  categoryIDs: readonly number[] | null;
  /** What add-ons' visibility rules let the viewer see (a group's discussions: its members). */
  visibility?: DiscussionVisibility["conditions"];
}

type CommentOrder = { column: "dateInserted" | "commentID" | "score"; direction: "asc" | "desc" }[];

/** Sort orders; DECISION: `experimentalTrending` is score first, then the newest. */
export function commentOrder(sort: CommentSort | undefined): CommentOrder {
  const value = sort ?? "dateInserted";
  const direction = value.startsWith("-") ? "desc" : "asc";
  const field = value.replace(/^-/, "");
  if (field === "experimentalTrending")
    return [
      { column: "score", direction },
      { column: "dateInserted", direction },
    ];
  return [{ column: field as "dateInserted" | "commentID" | "score", direction }];
}

/** Ids of one page from the (discussionID, <sort>, commentID) index, then nothing else. */
async function selectCommentPageIDs(
  db: DbOrTx,
  filter: CommentFilter,
  order: CommentOrder,
  offset: number,
  limit: number,
): Promise<number[]> {
  // A discussion's deep page: compiled once per sort and limit.
  if (isDiscussionPage(filter)) {
    const { discussionID } = filter;
    const rows = await discussionCommentPage(
      db,
      "commentPageIDs",
      discussionID,
      order,
      offset,
      limit,
      (query) => query.select("comments.commentID"),
    );
    return rows.map((row) => row.commentID);
  }
  const rows = await commentPageQuery(db, filter, order, offset, limit)
    .select("comments.commentID")
    .execute();
  return rows.map((row) => row.commentID);
}

/**
 * Past this many comments into a discussion its page is read as ids first, then rows: a deep offset walks the
 * index alone instead of the rows it skips (PostgreSQL reads the table for every row an OFFSET passes over).
 */
const DIRECT_PAGE_MAX_OFFSET = 300;

/**
 * The rows of one page of comments, in order. A discussion's page (the read of every discussion page and of
 * `GET /comments?discussionID=`) is one statement, compiled once per sort and limit, up to DIRECT_PAGE_MAX_OFFSET;
 * other lists (an author's comments across categories, deep pages) read the ids from the index first.
 */
export async function selectCommentPage(
  db: DbOrTx,
  filter: CommentFilter,
  order: CommentOrder,
  offset: number,
  limit: number,
): Promise<CommentRow[]> {
  if (isDiscussionPage(filter) && offset <= DIRECT_PAGE_MAX_OFFSET) {
    const { discussionID } = filter;
    return discussionCommentPage(db, "commentPage", discussionID, order, offset, limit, (query) =>
      query.selectAll("comments"),
    );
  }
  return loadCommentRows(db, await selectCommentPageIDs(db, filter, order, offset, limit));
}

/**
 * One page of a discussion's comments as the discussion page shows them (no source, no plain text): one statement
 * compiled once per sort and limit up to DIRECT_PAGE_MAX_OFFSET, whole rows by id past it.
 */
export async function selectShownCommentPage(
  db: DbOrTx,
  discussionID: number,
  order: CommentOrder,
  offset: number,
  limit: number,
): Promise<ShownCommentRow[]> {
  if (offset > DIRECT_PAGE_MAX_OFFSET)
    return selectCommentPage(db, { discussionID, categoryIDs: null }, order, offset, limit);
  return discussionCommentPage(db, "shownCommentPage", discussionID, order, offset, limit, (query) =>
    query.select(SHOWN_COMMENT_COLUMNS),
  );
}

/**
 * A page of one discussion's comments, its columns chosen by `select`: one statement compiled once per kind, sort
 * and limit (the limit is written into the SQL, literalLimits.ts), run with the discussion and offset bound.
 */
function discussionCommentPage<Row>(
  db: DbOrTx,
  kind: string,
  discussionID: number,
  order: CommentOrder,
  offset: number,
  limit: number,
  select: (query: ReturnType<typeof commentPageQuery>) => Compilable<Row>,
): Promise<Row[]> {
  return executeCompiledOnce(
    db,
    `${kind}:${order.map((item) => `${item.column} ${item.direction}`).join(",")}:${limit}`,
    () => select(commentPageQuery(db, { discussionID, categoryIDs: null }, order, offset, limit)),
    [discussionID, offset],
  );
}

/** Only a discussion's comments, with no other condition. */
function isDiscussionPage(filter: CommentFilter): filter is CommentFilter & { discussionID: number } {
  return (
    filter.discussionID !== undefined &&
    filter.insertUserID === undefined &&
    !filter.categoryIDs &&
    (filter.visibility ?? []).length === 0
  );
}

/** The page's conditions and order, for a select of ids or of rows. */
function commentPageQuery(
  db: DbOrTx,
  filter: CommentFilter,
  order: CommentOrder,
  offset: number,
  limit: number,
) {
  let query = db.selectFrom("comments").where("comments.deleteLogID", "is", null);
  if (filter.discussionID !== undefined)
    query = query.where("comments.discussionID", "=", filter.discussionID);
  if (filter.insertUserID !== undefined)
    query = query.where("comments.insertUserID", "=", filter.insertUserID);
  if (filter.categoryIDs) {
    const ids = filter.categoryIDs.length > 0 ? [...filter.categoryIDs] : [-1];
    query = query.where("comments.discussionID", "in", (eb) =>
      eb
        .selectFrom("discussions")
        .select("discussions.discussionID")
        .where("discussions.categoryID", "in", ids),
    );
  }
  for (const visible of filter.visibility ?? [])
    query = query.where((eb) => visible(eb.ref("comments.discussionID")));
  for (const item of order)
    if (item.column !== "commentID") query = query.orderBy(`comments.${item.column}`, item.direction);
  const last = order[order.length - 1]?.direction ?? "asc";
  return query.orderBy("comments.commentID", last).limit(limit).offset(offset);
}

export interface CommentListResult {
  rows: CommentRow[];
  tree: CategoryTree;
  page: number;
  limit: number;
  total?: number;
  discussion?: DiscussionRow;
}

/** `GET /comments` (API.md 8.3): one discussion's comments, or one author's across viewable categories. */
export async function listComments(
  context: AppContext,
  viewer: Viewer,
  query: CommentListQuery,
): Promise<CommentListResult> {
  if ((query.parentRecordType === undefined) !== (query.parentRecordID === undefined))
    throw ValidationError.field(
      query.parentRecordType === undefined ? "parentRecordType" : "parentRecordID",
      "parentRecordType and parentRecordID must be used together.",
      "required",
    );
  const discussionID = query.discussionID ?? query.parentRecordID;
  if (discussionID === undefined && query.insertUserID === undefined)
    throw ValidationError.field(
      "discussionID",
      "discussionID, parentRecordID or insertUserID is required.",
      "required",
    );
  const order = commentOrder(query.sort);
  const { page, limit, offset } = pageRequest(query.page, query.limit);
  if (discussionID !== undefined) {
    const { row, tree } = await getViewableDiscussion(context, viewer, discussionID);
    const filter: CommentFilter = {
      discussionID,
      categoryIDs: null,
      ...(query.insertUserID ? { insertUserID: query.insertUserID } : {}),
    };
    const rows = await selectCommentPage(context.db, filter, order, offset, limit);
    return {
      rows,
      tree,
      page,
      limit,
      discussion: row,
      ...(query.insertUserID ? {} : { total: row.countComments }),
    };
  }
  const tree = await getCategoryTree(context.db);
  const visible = categoryIDsWith(tree, viewer);
  const allVisible = visible.size === tree.ordered.length;
  const { conditions } = await discussionVisibility(context).forViewer(context, viewer);
  const filter: CommentFilter = {
    insertUserID: query.insertUserID,
    categoryIDs: allVisible ? null : [...visible],
    ...(conditions.length > 0 ? { visibility: conditions } : {}),
  };
  const rows = await selectCommentPage(context.db, filter, order, offset, limit);
  let total: number | undefined;
  if (allVisible && conditions.length === 0 && query.insertUserID !== undefined) {
    const user = await context.db
      .selectFrom("users")
      .select("countComments")
      .where("userID", "=", query.insertUserID)
      .executeTakeFirst();
    total = user?.countComments ?? 0;
  }
  return { rows, tree, page, limit, ...(total !== undefined ? { total } : {}) };
}

/** The page of its discussion (oldest first) a comment is on, for the permalink `/discussion/comment/{id}`. */
export async function commentPage(
  db: DbOrTx,
  commentID: number,
  limit: number,
): Promise<{ discussionID: number; page: number } | null> {
  const comment = await db
    .selectFrom("comments")
    .select(["discussionID", "dateInserted", "commentID"])
    .where("commentID", "=", commentID)
    .where("deleteLogID", "is", null)
    .executeTakeFirst();
  if (!comment) return null;
  const before = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("discussionID", "=", comment.discussionID)
    .where("deleteLogID", "is", null)
    .where((eb) =>
      eb.or([
        eb("dateInserted", "<", comment.dateInserted),
        eb.and([eb("dateInserted", "=", comment.dateInserted), eb("commentID", "<", comment.commentID)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { discussionID: comment.discussionID, page: Math.floor(Number(before.count) / limit) + 1 };
}
