import type { Generated } from "kysely";

/**
 * Tables of the forum: the category tree, discussions, comments and per-user state. Dates are ISO-8601 UTC
 * text and flags 0/1 integers on both dialects, like the core tables.
 */
export interface CategoryTable {
  categoryID: Generated<number>;
  /** null for a root category. */
  parentCategoryID: number | null;
  /** 1 for a root category. */
  depth: number;
  sort: number;
  /** Materialised ancestor list, root first, self last: `/1/5/12/`. Subtrees are `path LIKE '/1/5/%'`. */
  path: string;
  name: string;
  urlcode: string;
  description: string | null;
  displayAs: string;
  customPermissions: number;
  /** The category whose grants apply: self when custom, else the nearest custom ancestor, else -1. */
  permissionCategoryID: number;
  isArchived: number;
  featured: number;
  iconUrl: string | null;
  bannerUrl: string | null;
  /** 1: new posts in the category are held for a moderator's approval. */
  preModeration: Generated<number>;
  /** `flat` or `threaded` (REPLY_DISPLAYS). */
  replyDisplay: Generated<string>;
  /** JSON array of base discussion types. */
  allowedDiscussionTypes: string;
  dateInserted: string;
  dateUpdated: string | null;
  insertUserID: number;
  countCategories: number;
  countDiscussions: number;
  countComments: number;
  countAllDiscussions: number;
  countAllComments: number;
  countFollowers: number;
}

export interface DiscussionTable {
  discussionID: Generated<number>;
  type: string;
  /** The post type (null: `type`). */
  postTypeID: Generated<string | null>;
  /** JSON of the post type's own fields; null when none. */
  postMeta: Generated<string | null>;
  categoryID: number;
  name: string;
  /** Raw input in `format`. */
  body: string;
  format: string;
  /** Sanitised HTML, rendered once at write time. */
  bodyHtml: string;
  /** Plain text of the body, for excerpts and search. */
  bodyText: string;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
  dateLastComment: string;
  lastUserID: number;
  lastCommentID: number | null;
  countComments: number;
  countViews: number;
  score: number;
  /** score + countComments, for `sort=hot`. */
  hot: number;
  pinned: number;
  pinLocation: string | null;
  closed: number;
  sink: number;
  statusID: number;
  resolved: number;
  /** The change log entry that deleted it; null while it is live. Deleted rows stay (their IDs are never reused). */
  deleteLogID: Generated<number | null>;
}

export interface CommentTable {
  commentID: Generated<number>;
  discussionID: number;
  parentCommentID: number | null;
  depth: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyText: string;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
  score: number;
  countChildComments: number;
  /** 1: deleted as a tombstone (a "deleted" placeholder stays in its thread); 0 otherwise. */
  tombstone: Generated<number>;
  /** The change log entry that deleted it (its own, or its discussion's); null while it is live. */
  deleteLogID: Generated<number | null>;
}

export interface UserDiscussionTable {
  userID: number;
  discussionID: number;
  bookmarked: number;
  dismissed: number;
  muted: number;
  dateLastViewed: string | null;
  countCommentsRead: number;
  /** The newest comment (in date order) the member has seen; null before they read any. */
  lastReadCommentID: number | null;
}

/** "Mark as read" per member and category; categoryID 0 marks every category. */
export interface ReadMarkTable {
  userID: number;
  categoryID: number;
  dateMarkedRead: string;
}

export interface UserCategoryTable {
  userID: number;
  categoryID: number;
  followed: number;
  dateFollowed: string | null;
}

declare module "@library/server/db/database" {
  interface Database {
    categories: CategoryTable;
    discussions: DiscussionTable;
    comments: CommentTable;
    userDiscussions: UserDiscussionTable;
    userCategories: UserCategoryTable;
    readMarks: ReadMarkTable;
  }
}
