import type { Comment, CommentSort } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { readStateBufferOf, type ReadPosition } from "./readStateBuffer";
import { viewCounterOf } from "./viewCounter";

/** The first comment a returning member has not read, and how many there are. */
export interface FirstUnread {
  commentID: number;
  /** The page and anchor of that comment (`/discussion/12/slug/p2#Comment_345`). */
  url: string;
  countUnread: number;
}

/** One page of a discussion as a member sees it. */
export interface ReadingPage {
  discussion: Discussion;
  comments: readonly Comment[];
  page: number;
  limit: number;
  sort: CommentSort;
  totalComments: number;
  /** The discussion's path, the base of its page URLs. */
  basePath: string;
}

function pageUrl(basePath: string, page: number, commentID: number): string {
  return `${page > 1 ? `${basePath}/p${page}` : basePath}#Comment_${commentID}`;
}

/**
 * Where a member who opened this discussion before stops reading: the comment after the ones they have read (in
 * date order), from the page in hand when it is there, else by one indexed query. Null for guests, for members
 * opening it the first time (they start at the top) and when nothing is unread.
 */
export async function findFirstUnread(
  context: AppContext,
  viewer: Viewer,
  view: ReadingPage,
  /** Comment ids by their index in date order, known from earlier readers of the same page (filled here). */
  known?: Map<number, number | undefined>,
): Promise<FirstUnread | null> {
  const { discussion } = view;
  const countUnread = discussion.countUnread ?? 0;
  if (viewer.isGuest || !discussion.dateLastViewed || countUnread <= 0) return null;
  const index = Math.max(0, view.totalComments - countUnread);
  const page = Math.floor(index / view.limit) + 1;
  const offset = (view.page - 1) * view.limit;
  const onThisPage = view.sort === "dateInserted" ? view.comments[index - offset] : undefined;
  const commentID =
    onThisPage?.commentID ??
    (known?.has(index)
      ? known.get(index)
      : await commentAtIndex(context, discussion.discussionID, index, known));
  if (commentID === undefined) return null;
  return { commentID, url: pageUrl(view.basePath, page, commentID), countUnread };
}

/** Most indexes `findFirstUnread` remembers for one page. */
const MAX_KNOWN_INDEXES = 1000;

async function commentAtIndex(
  context: AppContext,
  discussionID: number,
  index: number,
  known: Map<number, number | undefined> | undefined,
): Promise<number | undefined> {
  const commentID = (
    await context.db
      .selectFrom("comments")
      .select("commentID")
      .where("discussionID", "=", discussionID)
      .where("deleteLogID", "is", null)
      .orderBy("dateInserted")
      .orderBy("commentID")
      .limit(1)
      .offset(index)
      .executeTakeFirst()
  )?.commentID;
  if (known && known.size < MAX_KNOWN_INDEXES) known.set(index, commentID);
  return commentID;
}

/**
 * How far this page takes the member: in date order, every comment up to the last one shown (earlier pages
 * count as read, as in a book); in another order only a thread that fits on one page is read whole; otherwise
 * just the visit is recorded.
 */
export function positionAfter(view: ReadingPage, now: string): ReadPosition {
  const { comments } = view;
  if (view.sort === "dateInserted") {
    const last = comments[comments.length - 1];
    return {
      countCommentsRead: (view.page - 1) * view.limit + comments.length,
      lastReadCommentID: last?.commentID ?? null,
      dateLastViewed: now,
    };
  }
  if (view.page === 1 && view.totalComments <= comments.length) {
    const newest = [...comments].sort(
      (a, b) => a.dateInserted.localeCompare(b.dateInserted) || a.commentID - b.commentID,
    )[comments.length - 1];
    return {
      countCommentsRead: view.totalComments,
      lastReadCommentID: newest?.commentID ?? null,
      dateLastViewed: now,
    };
  }
  return { countCommentsRead: 0, lastReadCommentID: null, dateLastViewed: now };
}

/**
 * Counts the view and queues the member's new position (each written with others about once a second); guests'
 * views are counted, their reading is not tracked.
 */
export function recordReading(context: AppContext, viewer: Viewer, view: ReadingPage): void {
  viewCounterOf(context).record(view.discussion.discussionID);
  if (viewer.isGuest) return;
  readStateBufferOf(context).record(
    viewer.userID,
    view.discussion.discussionID,
    positionAfter(view, nowIso()),
  );
}
