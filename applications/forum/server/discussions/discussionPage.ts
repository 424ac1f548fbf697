import type { Comment, CommentSort } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { presentComments } from "../comments/commentsPresenter";
import { commentOrder, selectCommentPageIDs } from "../comments/commentsQueries";
import { loadCommentRows } from "../comments/commentRows";
import { getViewableDiscussion } from "./discussionRows";
import { presentDiscussion } from "./discussionsPresenter";

export const DISCUSSION_PAGE_LIMIT = 30;

export interface DiscussionPageData {
  discussion: Discussion;
  comments: Comment[];
  page: number;
  limit: number;
  /** The discussion's stored countComments. */
  totalComments: number;
  pageCount: number;
}

/**
 * Everything the server-rendered discussion page shows, in a few queries: the discussion (with author,
 * category, breadcrumbs and permissions), one page of comments with their authors. 404/403 like the API.
 */
export async function getDiscussionPageData(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  page = 1,
  sort: CommentSort = "dateInserted",
): Promise<DiscussionPageData> {
  const { row, tree } = await getViewableDiscussion(context, viewer, discussionID);
  const limit = DISCUSSION_PAGE_LIMIT;
  const ids = await selectCommentPageIDs(
    context.db,
    { discussionID, categoryIDs: null },
    commentOrder(sort),
    (Math.max(1, page) - 1) * limit,
    limit,
  );
  const [discussion, commentRows] = await Promise.all([
    presentDiscussion(context.db, viewer, tree, row, {
      expand: ["insertUser", "category", "breadcrumbs", "permissions", "excerpt"],
    }),
    loadCommentRows(context.db, ids),
  ]);
  const comments = await presentComments(context.db, tree, commentRows, new Map([[row.discussionID, row]]), {
    defaults: ["insertUser"],
  });
  return {
    discussion,
    comments,
    page: Math.max(1, page),
    limit,
    totalComments: row.countComments,
    pageCount: Math.max(1, Math.ceil(row.countComments / limit)),
  };
}
