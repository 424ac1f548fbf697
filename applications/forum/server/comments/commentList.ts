import type { Comment, CommentListQuery } from "@forum/api/comments";
import type { AppContext } from "@library/server/app/appContext";
import type { PageInfo } from "@library/server/http/pagination";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadCommentParents } from "./commentRows";
import { presentComments } from "./commentsPresenter";
import { listComments } from "./commentsQueries";

const byID = (comment: Comment) => comment.commentID;

/**
 * `GET /comments` (API.md 8.3) as this viewer sees it: the page of comments presented, with the add-ons' fields,
 * and what its paging headers say. A member's own answer and the one shared by their roles are both made here.
 */
export async function presentCommentList(
  context: AppContext,
  viewer: Viewer,
  query: CommentListQuery,
): Promise<{ comments: Comment[]; paging: PageInfo }> {
  const { rows, tree, page, limit, total, discussion } = await listComments(context, viewer, query);
  const parents = discussion
    ? new Map([[discussion.discussionID, discussion]])
    : await loadCommentParents(
        context.db,
        rows.map((row) => row.discussionID),
      );
  const comments = await presentComments(context.db, tree, rows, parents, {
    ...(query.expand ? { expand: query.expand } : {}),
    defaults: ["insertUser"],
    viewer,
  });
  return {
    comments: await context.recordExtenders.extend("comment", comments, byID, viewer, context),
    paging: total !== undefined ? { page, limit, total } : { page, limit, count: rows.length },
  };
}
