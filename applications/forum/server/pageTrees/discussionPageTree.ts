import type { Comment, CommentSort } from "@forum/api/comments";
import type { ThreadComment } from "@forum/api/commentThreads";
import type { LayoutNode, PostActionsProps } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { DiscussionSlotContext } from "@library/server/pages/pageSlots";
import { node } from "@library/server/pages/pageTree";
import { getCategoryTree } from "../categories/categoryTree";
import { resolveReplyDisplay } from "../comments/replyDisplay";
import { getDiscussionRow, type DiscussionRow } from "../discussions/discussionRows";
import { needsPager } from "../pageParts/fragments";
import { buildDiscussionView, type DiscussionView } from "../pageParts/discussionView";
import {
  findFirstUnread,
  recordReading,
  type FirstUnread,
  type ReadingPage,
} from "../readState/discussionReading";
import { builtPage, type BuiltPage, type PageTreeRequest } from "./builtPage";
import { takesReplies, threadNodes } from "./commentThreadNodes";

export interface DiscussionPageArgs {
  discussionID: number;
  page: number;
  sort: CommentSort;
  /** `?replyDisplay=` of the address: flat or threaded for this page only. */
  replyDisplay?: string;
  /** `?focus=` (a comment permalink in the threaded view): the path down to it is expanded. */
  focusCommentID?: number;
  /** The discussion's row when the request has already read it: the page reads it once. */
  row?: DiscussionRow;
  /** The display already resolved for the reader (their preference read once), flat or threaded. */
  display?: "flat" | "threaded";
  /** A page rendered for many members keeps the place of the jump-to-unread link, filled for each of them. */
  unreadPlaceholder?: boolean;
}

function signatureNode(view: DiscussionView, userID: number) {
  const signature = view.signatures.get(userID);
  return signature
    ? node("PostSignature", { html: signature, hideMobile: view.signaturesHideMobile })
    : undefined;
}

/** The query kept on page links: a non-default sort, and a display chosen by the address. */
function pageQuery(view: DiscussionView, replyDisplay: string | undefined): string {
  const params = new URLSearchParams();
  if (view.sort !== "dateInserted") params.set("sort", view.sort);
  if (replyDisplay === "flat" || replyDisplay === "threaded") params.set("replyDisplay", replyDisplay);
  const query = params.toString();
  return query ? `?${query}` : "";
}

function replyDisplaySwitch(view: DiscussionView, threaded: boolean, signedIn: boolean) {
  const url = (display: string) => {
    const params = new URLSearchParams();
    if (view.sort !== "dateInserted") params.set("sort", view.sort);
    params.set("replyDisplay", display);
    return `${view.basePath}?${params.toString()}`;
  };
  return node("ReplyDisplaySwitch", {
    replyDisplay: threaded ? "threaded" : "flat",
    flatUrl: url("flat"),
    threadedUrl: url("threaded"),
    signedIn,
  });
}

function commentThread(
  view: DiscussionView,
  extraActions: LayoutNode[][],
  firstUnread: FirstUnread | null,
  args: DiscussionPageArgs,
  signedIn: boolean,
): LayoutNode<"CommentThreadAsset"> {
  const query = pageQuery(view, args.replyDisplay);
  const threaded = view.thread !== undefined;
  const itemOf = (index: number, replies?: LayoutNode<"CommentReplies">) => {
    const comment = view.comments[index];
    const reactions = view.commentReactions[index];
    const actions = view.commentActions[index];
    if (!comment || !reactions || !actions) throw new Error("A comment's widgets went missing.");
    const signature = signatureNode(view, comment.insertUserID);
    const canReply = threaded && actions.canComment && takesReplies(comment as ThreadComment);
    return node("CommentItem", {
      comment,
      ...(firstUnread?.commentID === comment.commentID && { isFirstUnread: true }),
      ...(signature && { signature }),
      reactions: node("ReactionsBar", reactions),
      actions: node("PostActions", canReply ? Object.assign({}, actions, { canReply }) : actions),
      extraActions: extraActions[index] ?? [],
      ...(replies && { replies }),
    });
  };
  const total = view.thread?.totalRoots ?? view.totalComments;
  return node("CommentThreadAsset", {
    comments: view.thread
      ? threadNodes(view.thread.structure, view.comments as ThreadComment[], itemOf)
      : view.comments.map((_comment, index) => itemOf(index)),
    ...(threaded && { threaded }),
    ...((view.totalComments > 0 || threaded) && {
      replyDisplay: replyDisplaySwitch(view, threaded, signedIn),
    }),
    totalComments: view.totalComments,
    ...(view.totalComments > 0 && { sort: node("CommentSort", { sort: view.sort, baseUrl: view.basePath }) }),
    ...(needsPager(view.page, view.limit, total) && {
      pager: node("DiscussionPager", {
        page: view.page,
        limit: view.limit,
        total,
        baseUrl: view.basePath,
        query,
      }),
    }),
  });
}

/** A built discussion page and what the visit records: the page as read, and who wrote its posts. */
export interface DiscussionPageParts {
  built: BuiltPage;
  /** The page in the order its reading position is kept (recordReading). */
  reading: ReadingPage;
  /** Authors of the original post and the comments on this page. */
  authorIDs: Set<number>;
  /** Every comment the page shows (a threaded page's collapsed ones too). */
  comments: readonly Comment[];
}

/**
 * The discussion page (`/discussion/{id}/{slug}[/p{n}]`, layout `post`): breadcrumbs, the original post with
 * its bookmark, options, signature, reactions and actions, the slot widgets, one page of comments and the
 * composer. The server page and `lookup-hydrate` both draw this tree. The visit is recorded.
 */
export async function buildDiscussionPage(
  context: AppContext,
  request: PageTreeRequest,
  args: DiscussionPageArgs,
): Promise<BuiltPage> {
  const parts = await buildDiscussionPageParts(context, request, args);
  recordReading(context, request.viewer, parts.reading);
  return parts.built;
}

/** The discussion page without recording the visit (a page rendered once for many members records each visit). */
export async function buildDiscussionPageParts(
  context: AppContext,
  request: PageTreeRequest,
  args: DiscussionPageArgs,
): Promise<DiscussionPageParts> {
  const { viewer, origin } = request;
  const [row, tree] = await Promise.all([
    args.row?.discussionID === args.discussionID ? args.row : getDiscussionRow(context.db, args.discussionID),
    getCategoryTree(context.db),
  ]);
  const display =
    args.display ??
    (row
      ? await resolveReplyDisplay(context.db, viewer, tree, row.categoryID, {
          requested: args.replyDisplay,
          cookie: request.replyDisplayCookie,
        })
      : "flat");
  const view = await buildDiscussionView(
    context,
    viewer,
    origin,
    args.discussionID,
    args.page,
    args.sort,
    display === "threaded"
      ? { ...(args.focusCommentID !== undefined ? { focusCommentID: args.focusCommentID } : {}) }
      : undefined,
    row,
  );
  if (args.page > view.pageCount) throw new NotFoundError("Page");
  const { discussion } = view;
  // The reading position is kept in date order: a threaded page is read whole only when it holds every comment.
  const reading = view.thread
    ? {
        ...view,
        sort: "-dateInserted" as const,
        comments: (view.comments as ThreadComment[]).filter((comment) => comment.displayMode === "full"),
      }
    : view;
  const unread = await findFirstUnread(context, viewer, reading);
  const firstUnread =
    unread && view.thread
      ? { ...unread, url: `/discussion/comment/${unread.commentID}#Comment_${unread.commentID}` }
      : unread;
  const slot: DiscussionSlotContext = { app: context, viewer, discussion };
  // Once per post: Object.assign, not a leading spread with new fields (docs/performance.md).
  const postSlot = (recordType: "discussion" | "comment", recordID: number, insertUserID: number) =>
    context.pageSlots.nodes("post.actions", Object.assign({}, slot, { recordType, recordID, insertUserID }));
  // The Share menu's contributed items (`post.share`): asked once for the page, the same on every post.
  const withShare = (actions: PostActionsProps, shareItems: LayoutNode[]): PostActionsProps =>
    shareItems.length > 0 ? Object.assign({}, actions, { shareItems }) : actions;
  const [meta, afterOriginalPost, discussionExtraActions, commentExtraActions, shareItems] =
    await Promise.all([
      context.pageSlots.nodes("discussion.meta", slot),
      context.pageSlots.nodes("discussion.afterOriginalPost", slot),
      postSlot("discussion", discussion.discussionID, discussion.insertUserID),
      Promise.all(
        view.comments.map((comment) => postSlot("comment", comment.commentID, comment.insertUserID)),
      ),
      context.pageSlots.nodes("post.share", slot),
    ]);
  const discussionActions = withShare(view.discussionActions, shareItems);
  const commentActions = view.commentActions.map((actions) => withShare(actions, shareItems));
  const canonicalPath = args.page > 1 ? `${view.basePath}/p${args.page}` : view.basePath;
  const signature = signatureNode(view, discussion.insertUserID);
  const originalPost = node("OriginalPostAsset", {
    discussion,
    ...(!viewer.isGuest && { bookmark: node("BookmarkToggle", view.bookmark) }),
    ...(view.options && { options: node("DiscussionOptionsMenu", view.options) }),
    meta,
    ...(signature && { signature }),
    reactions: node("ReactionsBar", view.discussionReactions),
    actions: node("PostActions", discussionActions),
    extraActions: discussionExtraActions,
  });
  const composer = view.composer.canComment
    ? { composer: node("CommentComposer", view.composer) }
    : viewer.isGuest
      ? { signInUrl: `/entry/signin?Target=${encodeURIComponent(canonicalPath)}` }
      : { closed: discussion.closed };
  const built = builtPage(
    "post",
    discussion.name,
    [
      node("SectionOneColumn", {
        isNarrow: true,
        children: [
          node("Breadcrumbs", { crumbs: discussion.breadcrumbs ?? [] }),
          ...(firstUnread
            ? [node("JumpToUnread", { url: firstUnread.url, countUnread: firstUnread.countUnread })]
            : args.unreadPlaceholder
              ? [node("JumpToUnread", { url: "", countUnread: 0 })]
              : []),
          originalPost,
          ...afterOriginalPost,
          commentThread({ ...view, commentActions }, commentExtraActions, firstUnread, args, !viewer.isGuest),
          node("CreateCommentAsset", composer),
        ],
      }),
    ],
    {
      canonicalPath,
      description: (discussion.excerpt ?? "").slice(0, 160) || undefined,
      layoutRecord: {
        recordType: "discussion",
        recordID: discussion.discussionID,
        categoryID: discussion.categoryID,
      },
    },
  );
  const authorIDs = new Set([
    discussion.insertUserID,
    ...view.comments.map((comment) => comment.insertUserID),
  ]);
  return { built, reading, authorIDs, comments: view.comments };
}
