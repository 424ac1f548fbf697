/**
 * The props of every widget a page tree may name, typed once for both renderers: the server writes nodes with
 * `node(component, props)` and the client registers components with `registerComponent(name, component)`,
 * and `tsc` checks both against this map. Types only: the client imports them freely.
 *
 * An add-on adds its own widgets by declaration merging:
 *
 * ```ts
 * declare module "@forum/api/widgetProps" {
 *   interface WidgetPropsMap {
 *     PollWidget: { pollID: number };
 *   }
 * }
 * ```
 */
import type { BookmarkToggleProps } from "./bookmarks";
import type { Breadcrumb, Category } from "./categories";
import type { Comment } from "./comments";
import type { PostTypeOption } from "./discussionOptions";
import type { Discussion, DiscussionSort } from "./discussions";
import type { DeviceVisibility } from "./layouts";
import type { ReactionsBarProps } from "./reactions";
import type { PostReportProps } from "./reports";
import type { TagFragment } from "./tags";
import type { TitleBarItem } from "./titleBar";
import type { CreatePostFormProps } from "./postTypes";
import type { ItemOptions } from "./storedLayouts";

/** The post's author as its actions need them: Reply addresses them, a moderator's selection names them. */
export interface PostActionsUser {
  userID: number;
  name: string;
}

/** The action row under each post: Quote, Reply, Share, permalink copy, Edit and Delete of comments. */
export interface PostActionsProps {
  recordType: "discussion" | "comment";
  recordID: number;
  discussionID: number;
  /** Absolute permalink of the post. */
  url: string;
  /** The discussion title. */
  name: string;
  insertUser: PostActionsUser;
  /** Reply/Quote allowed (SPEC 5). */
  canComment: boolean;
  /** A comment that takes threaded replies (under the maximum depth): Reply opens a reply box under it. */
  canReply?: boolean;
  canEdit: boolean;
  /** End of the edit window; null = no limit while canEdit. */
  editableUntil: string | null;
  canDelete: boolean;
  /** Items an add-on adds to the Share menu (the `post.share` slot), after Copy Link and Email Link. */
  shareItems?: LayoutNode[];
  /** Report (and, for moderators, the post's open reports); absent for guests. */
  report?: PostReportProps;
}

/** 'Discussion Options' (SPEC 2) of the discussion header. */
export interface DiscussionOptionsMenuProps {
  discussion: Pick<
    Discussion,
    "discussionID" | "name" | "url" | "closed" | "sink" | "pinned" | "categoryID"
  > &
    Partial<
      Pick<
        Discussion,
        "pinLocation" | "resolved" | "muted" | "dismissed" | "type" | "insertUserID" | "insertUser"
      >
    >;
  categoryUrl: string;
  /**
   * What the viewer may do (SPEC 2, 6). `log`: Revision History and Deleted Comments; `announce`: Announce and
   * Unpin; `move`, `changeType`: discussions.edit; `changeAuthor`: site.manage; `resolve`: triage.enabled and
   * staff.allow; `bump`: curation.manage; `mute`, `dismiss`: a signed-in reader (dismiss: announcements only);
   * `collections`: community.manage.
   */
  can: {
    edit: boolean;
    delete: boolean;
    close: boolean;
    sink: boolean;
    log?: boolean;
    announce?: boolean;
    move?: boolean;
    changeType?: boolean;
    changeAuthor?: boolean;
    resolve?: boolean;
    bump?: boolean;
    mute?: boolean;
    dismiss?: boolean;
    collections?: boolean;
    /** 'Report': flag.add, not the viewer's own discussion. */
    report?: boolean;
    /** 'Tag': tagging.enabled and the viewer may edit the discussion. */
    tag?: boolean;
  };
  /** End of the edit window; null = no limit while can.edit. */
  editableUntil: string | null;
  /** 'Change Post Type': the registered types this category allows (add-ons add theirs). */
  postTypes?: PostTypeOption[];
  /** Add-on items (the `discussion.options` slot), shown after the menu's own items. */
  integrationActions?: LayoutNode[];
}

/** The tabs over a discussion list: the SPEC 9 sorts and, for members, Unread / New and 'Mark All Read'. */
export interface DiscussionListFilters {
  sort: DiscussionSort;
  readState?: "unread" | "new";
  /** A member: the read-state tabs and the mark-read button are offered. */
  signedIn: boolean;
  /** 'Mark Category Read' for this category; 'Mark All Read' when absent. */
  categoryID?: number;
}

export type { PostableCategory } from "./postTypes";

export interface WidgetPropsMap {
  /** The site title bar; with no props it reads the site settings from the page bootstrap. */
  TitleBar: {
    siteTitle?: string;
    logoUrl?: string;
    currentUrl?: string;
    items?: TitleBarItem[];
  };
  SectionOneColumn: { isNarrow?: boolean; children: LayoutNode[] };
  /** Main column and a secondary panel (two columns from 1200 px, stacked below). */
  SectionTwoColumns: { breadcrumbs?: LayoutNode; mainBottom?: LayoutNode[]; secondaryBottom?: LayoutNode[] };
  SectionFullWidth: { children: LayoutNode[] };
  /** Shown in place of a widget the registry does not know. */
  LayoutError: { componentName: string };
  /** The hero banner (SPEC 2): images and the search bar with its 'Search In' scope selector are options. */
  BannerWidget: {
    title?: string;
    description?: string;
    backgroundImage?: string;
    rightImage?: string;
    /** Absent: shown (the built-in home page). */
    showSearch?: boolean;
    showScope?: boolean;
  };
  /** Breadcrumbs with the ' › ' separator; the last crumb is the current page. */
  Breadcrumbs: { crumbs: Breadcrumb[] };
  DiscussionListModule: {
    title?: string;
    discussions: Discussion[];
    /** The `GET /discussions` query that produced `discussions`, so the widget can fetch other pages. */
    apiParams: Record<string, string | number>;
    paging: { page: number; limit: number; total?: number };
    /** The list's own address: page n is `{listUrl}/p{n}` for readers without JavaScript. */
    listUrl: string;
    /** Where 'New Discussion' leads; absent for those who may not start one here. */
    newDiscussionUrl?: string;
    /** Sort and read-state tabs; absent on lists without them (a profile's discussions). */
    filters?: DiscussionListFilters;
  };
  /** Marks a category (or everything) read for the session user, then reloads the list. */
  MarkReadButton: { categoryID?: number };
  CategoriesWidget: {
    title?: string;
    categories: Category[];
    displayType?: "list" | "grid";
    /** A layout editor's widget: the categories drawn as items (SPEC 2 "Home widgets"). */
    itemOptions?: ItemOptions;
  };
  CategoryHeader: {
    category: Category;
    canPost: boolean;
    /** Guests: 'New Discussion' leads here (sign-in, then the form). */
    newDiscussionUrl?: string;
    follow?: LayoutNode<"CategoryFollowButton">;
  };
  /** Follow / Unfollow a category (signed-in members; followed categories filter lists and search). */
  CategoryFollowButton: { categoryID: number; followed: boolean };
  CreatePostFormAsset: { title: string; form: LayoutNode<"NewDiscussionForm"> };
  NewDiscussionForm: CreatePostFormProps;

  /** The discussion's first post with its header widgets, signature, reactions, actions and slots. */
  OriginalPostAsset: {
    discussion: Discussion;
    /** Members only: a guest has nothing to bookmark with (the toggle shows nothing to them). */
    bookmark?: LayoutNode<"BookmarkToggle">;
    options?: LayoutNode<"DiscussionOptionsMenu">;
    /** Widgets of the `discussion.meta` slot, beside the author and date. */
    meta: LayoutNode[];
    signature?: LayoutNode<"PostSignature">;
    reactions: LayoutNode<"ReactionsBar">;
    actions: LayoutNode<"PostActions">;
    /** Widgets of the `post.actions` slot, after the post's own actions. */
    extraActions: LayoutNode[];
  };
  /** The discussion's tags as links to their tag pages (`discussion.meta` slot). */
  PostTags: { tags: TagFragment[] };
  /** The comments of one page: count heading, sort, each comment, pager. */
  CommentThreadAsset: {
    comments: LayoutNode<"CommentItem" | "CommentTombstone">[];
    totalComments: number;
    /** Replies nested under the comments they answer (else in date order). */
    threaded?: boolean;
    /** The reader's flat/threaded switch. */
    replyDisplay?: LayoutNode<"ReplyDisplaySwitch">;
    sort?: LayoutNode<"CommentSort">;
    pager?: LayoutNode<"DiscussionPager">;
  };
  CommentItem: {
    comment: Comment;
    /** The first comment the member has not read: a 'New' divider is drawn above it. */
    isFirstUnread?: boolean;
    signature?: LayoutNode<"PostSignature">;
    reactions: LayoutNode<"ReactionsBar">;
    actions: LayoutNode<"PostActions">;
    extraActions: LayoutNode[];
    /** Threaded view: the replies shown under it. */
    replies?: LayoutNode<"CommentReplies">;
  };
  /** The replies of a comment in the threaded view, with holes where some were left out; collapsible. */
  CommentReplies: {
    parentCommentID: number;
    /** Replies in the thread (the collapsed label's count). */
    countReplies: number;
    /** Collapse/expand (hides and shows `Replies_{parentCommentID}`). */
    toggle: LayoutNode<"ThreadToggle">;
    items: LayoutNode<"CommentItem" | "CommentTombstone" | "ThreadHole">[];
  };
  /** Where a comment deleted as a tombstone was: a placeholder that keeps its replies in place. */
  CommentTombstone: { commentID: number; depth: number; replies?: LayoutNode<"CommentReplies"> };
  /** Replies left out of the page: 'Show more replies' or (deeper than shown) 'Continue this thread'. */
  ThreadHole: { reason: "more" | "depth"; parentCommentID: number; count: number; url: string };
  /** Collapse/expand of a comment's replies on the server-rendered page (the element `controls`). */
  ThreadToggle: { controls: string; countReplies: number };
  /** Flat or threaded replies, the reader's choice (links that work without script). */
  ReplyDisplaySwitch: {
    replyDisplay: "flat" | "threaded";
    flatUrl: string;
    threadedUrl: string;
    signedIn: boolean;
  };
  /** 'Jump to first unread' for a member returning to a discussion with comments they have not read. */
  JumpToUnread: { url: string; countUnread: number };
  /** The comment box; a sign-in prompt for guests; a note on closed discussions. */
  CreateCommentAsset: {
    composer?: LayoutNode<"CommentComposer">;
    signInUrl?: string;
    closed?: boolean;
  };
  /** The author's signature under a post: HTML sanitised when it was saved. */
  PostSignature: { html: string; hideMobile: boolean };

  ReactionsBar: ReactionsBarProps;
  BookmarkToggle: BookmarkToggleProps;
  PostActions: PostActionsProps;
  DiscussionOptionsMenu: DiscussionOptionsMenuProps;
  CommentSort: { sort: string; baseUrl: string };
  /** `query` is the query string kept on every page link (`?sort=-score`). */
  DiscussionPager: { page: number; limit: number; total: number; baseUrl: string; query?: string };
  CommentComposer: { discussionID: number; closed: boolean; canComment: boolean };
}

export type WidgetName = Extract<keyof WidgetPropsMap, string>;

/**
 * One node of a page tree: a registered component, its props (which may hold nodes or node arrays) and the
 * devices it shows on. `LayoutNode` alone is a node of any widget.
 */
export type LayoutNode<K extends WidgetName = WidgetName> = {
  [N in K]: {
    $reactComponent: N;
    $reactProps: WidgetPropsMap[N];
    $middleware?: { visibility?: { device: DeviceVisibility } };
    /** Custom fragments the widget runs (API.md 18). */
    $fragmentImpls?: Record<string, { fragmentUUID: string; jsUrl: string; cssUrl: string; css?: string }>;
  };
}[K];
