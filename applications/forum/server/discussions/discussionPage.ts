import type { Comment, CommentSort } from "@forum/api/comments";
import type { ThreadItem } from "@forum/api/commentThreads";
import type { Discussion } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments } from "@library/server/users/userFragments";
import { presentComments } from "../comments/commentsPresenter";
import { commentOrder, selectShownCommentPage } from "../comments/commentsQueries";
import { presentThreadComments } from "../comments/commentThreadView";
import { loadThreadPage } from "../comments/commentThreads";
import { getViewableDiscussion, type DiscussionRow } from "./discussionRows";
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
  /** Threaded view: the page's comments (tombstones too, `comments` in reading order) as a tree. */
  thread?: { structure: ThreadItem[]; totalRoots: number };
  /** The authors' signatures, read with the authors while signatures are on (not in the threaded view). */
  signatures?: Map<number, string>;
}

/** The threaded view of the page, expanded down to a focused comment. */
export interface ThreadedPageOptions {
  focusCommentID?: number;
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
  threaded?: ThreadedPageOptions,
  known?: DiscussionRow,
): Promise<DiscussionPageData> {
  const { row, tree } = await getViewableDiscussion(context, viewer, discussionID, known);
  const limit = DISCUSSION_PAGE_LIMIT;
  if (threaded) {
    const [discussion, thread] = await Promise.all([
      presentDiscussion(context.db, viewer, tree, row, {
        expand: ["insertUser", "category", "breadcrumbs", "permissions", "excerpt"],
      }),
      loadThreadPage(context.db, {
        discussionID,
        parentCommentID: null,
        ...(threaded.focusCommentID !== undefined ? { focusCommentID: threaded.focusCommentID } : {}),
        sort,
        page: Math.max(1, page),
        limit,
      }),
    ]);
    return {
      discussion,
      comments: await presentThreadComments(context.db, tree, row, thread.rows, {}),
      page: Math.max(1, page),
      limit,
      totalComments: row.countComments,
      pageCount: Math.max(1, Math.ceil(thread.totalRoots / limit)),
      thread: { structure: thread.structure, totalRoots: thread.totalRoots },
    };
  }
  const commentRows = await selectShownCommentPage(
    context.db,
    discussionID,
    commentOrder(sort),
    (Math.max(1, page) - 1) * limit,
    limit,
  );
  // The discussion's author and the comments' in one read, with their signatures while the page shows them.
  const signatures = context.settings.peek<boolean>("signatures.enabled")
    ? new Map<number, string>()
    : undefined;
  const knownUsers = await loadUserFragments(
    context.db,
    [row.insertUserID, ...commentRows.map((comment) => comment.insertUserID)],
    undefined,
    signatures,
  );
  const [discussion, comments] = await Promise.all([
    presentDiscussion(context.db, viewer, tree, row, {
      expand: ["insertUser", "category", "breadcrumbs", "permissions", "excerpt"],
      knownUsers,
    }),
    presentComments(context.db, tree, commentRows, new Map([[row.discussionID, row]]), {
      defaults: ["insertUser"],
      knownUsers,
    }),
  ]);
  return {
    discussion,
    comments,
    page: Math.max(1, page),
    limit,
    totalComments: row.countComments,
    pageCount: Math.max(1, Math.ceil(row.countComments / limit)),
    ...(signatures && { signatures }),
  };
}
