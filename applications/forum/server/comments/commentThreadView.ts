import type { CommentSort } from "@forum/api/comments";
import type { CommentThread, ThreadComment } from "@forum/api/commentThreads";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { CategoryTree } from "../categories/categoryTree";
import { getViewableDiscussion, type DiscussionRow } from "../discussions/discussionRows";
import { presentComments } from "./commentsPresenter";
import type { CommentRow } from "./commentRows";
import { loadThreadPage, type ThreadPage } from "./commentThreads";

export interface ThreadViewRequest {
  discussionID: number;
  parentCommentID?: number;
  focusCommentID?: number;
  sort?: CommentSort;
  page?: number;
  limit?: number;
  expand?: readonly string[];
}

export interface ThreadView {
  discussion: DiscussionRow;
  tree: CategoryTree;
  page: ThreadPage;
  /** Presented comments in reading order (tombstones as placeholders). */
  comments: ThreadComment[];
  pageNumber: number;
  limit: number;
}

/** A tombstone shows where a deleted comment was, and nothing of what it said or who wrote it. */
function tombstoneOf(comment: ThreadComment): ThreadComment {
  const { body: _body, bodyRaw: _raw, insertUser: _user, reactions: _reactions, ...rest } = comment;
  return {
    ...rest,
    insertUserID: 0,
    updateUserID: null,
    dateUpdated: null,
    score: 0,
    attributes: {},
    displayMode: "tombstone",
  };
}

/** The comments of a thread page presented like `GET /comments` presents them, tombstones as placeholders. */
export async function presentThreadComments(
  db: DbOrTx,
  tree: CategoryTree,
  discussion: DiscussionRow,
  rows: readonly CommentRow[],
  options: { expand?: readonly string[]; viewer?: Viewer },
): Promise<ThreadComment[]> {
  const presented = await presentComments(db, tree, rows, new Map([[discussion.discussionID, discussion]]), {
    ...options,
    defaults: ["insertUser"],
  });
  return presented.map((comment, index): ThreadComment => {
    // Object.assign, not a leading spread with a new field (once per comment): docs/performance.md.
    const full: ThreadComment = Object.assign({}, comment, { displayMode: "full" as const });
    return rows[index]?.deleteLogID !== null ? tombstoneOf(full) : full;
  });
}

/**
 * One page of a discussion's comments as a thread (discussions.view on the discussion: 403/404 like the
 * API): the tree of `loadThreadPage` with every comment presented like `GET /comments` presents it.
 */
export async function getThreadView(
  context: AppContext,
  viewer: Viewer,
  request: ThreadViewRequest,
): Promise<ThreadView> {
  const { row: discussion, tree } = await getViewableDiscussion(context, viewer, request.discussionID);
  if (request.parentCommentID !== undefined) {
    const parent = await context.db
      .selectFrom("comments")
      .select(["discussionID", "deleteLogID", "tombstone"])
      .where("commentID", "=", request.parentCommentID)
      .executeTakeFirst();
    if (
      !parent ||
      parent.discussionID !== discussion.discussionID ||
      (parent.deleteLogID !== null && parent.tombstone !== 1)
    )
      throw new NotFoundError("Comment");
  }
  const pageNumber = request.page ?? 1;
  const limit = request.limit ?? 30;
  const page = await loadThreadPage(context.db, {
    discussionID: discussion.discussionID,
    parentCommentID: request.parentCommentID ?? null,
    ...(request.focusCommentID !== undefined ? { focusCommentID: request.focusCommentID } : {}),
    sort: request.sort ?? "dateInserted",
    page: pageNumber,
    limit,
  });
  const comments = await presentThreadComments(context.db, tree, discussion, page.rows, {
    ...(request.expand ? { expand: request.expand } : {}),
    viewer,
  });
  return { discussion, tree, page, comments, pageNumber, limit };
}

export function threadResponse(view: ThreadView): CommentThread {
  return {
    threadStructure: view.page.structure,
    commentsByID: Object.fromEntries(view.comments.map((comment) => [String(comment.commentID), comment])),
  };
}
