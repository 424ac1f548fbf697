import type { CommentSort } from "@forum/api/comments";
import type { LayoutNode } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { DiscussionSlotContext } from "@library/server/pages/pageSlots";
import { node } from "@library/server/pages/pageTree";
import { needsPager } from "../pages/fragments";
import { buildDiscussionView, type DiscussionView } from "../pages/discussionView";
import { findFirstUnread, recordReading, type FirstUnread } from "../readState/discussionReading";
import { builtPage, type BuiltPage, type PageTreeRequest } from "./builtPage";

export interface DiscussionPageArgs {
  discussionID: number;
  page: number;
  sort: CommentSort;
}

function signatureNode(view: DiscussionView, userID: number) {
  const signature = view.signatures.get(userID);
  return signature
    ? node("PostSignature", { html: signature, hideMobile: view.signaturesHideMobile })
    : undefined;
}

function commentThread(
  view: DiscussionView,
  extraActions: LayoutNode[][],
  firstUnread: FirstUnread | null,
): LayoutNode<"CommentThreadAsset"> {
  const query = view.sort === "dateInserted" ? "" : `?sort=${encodeURIComponent(view.sort)}`;
  return node("CommentThreadAsset", {
    comments: view.comments.map((comment, index) => {
      const reactions = view.commentReactions[index];
      const actions = view.commentActions[index];
      if (!reactions || !actions) throw new Error("A comment's widgets went missing.");
      const signature = signatureNode(view, comment.insertUserID);
      return node("CommentItem", {
        comment,
        ...(firstUnread?.commentID === comment.commentID && { isFirstUnread: true }),
        ...(signature && { signature }),
        reactions: node("ReactionsBar", reactions),
        actions: node("PostActions", actions),
        extraActions: extraActions[index] ?? [],
      });
    }),
    totalComments: view.totalComments,
    ...(view.totalComments > 0 && { sort: node("CommentSort", { sort: view.sort, baseUrl: view.basePath }) }),
    ...(needsPager(view.page, view.limit, view.totalComments) && {
      pager: node("DiscussionPager", {
        page: view.page,
        limit: view.limit,
        total: view.totalComments,
        baseUrl: view.basePath,
        query,
      }),
    }),
  });
}

/**
 * The discussion page (`/discussion/{id}/{slug}[/p{n}]`, layout `post`): breadcrumbs, the original post with
 * its bookmark, options, signature, reactions and actions, the slot widgets, one page of comments and the
 * composer. The server page and `lookup-hydrate` both draw this tree.
 */
export async function buildDiscussionPage(
  context: AppContext,
  request: PageTreeRequest,
  args: DiscussionPageArgs,
): Promise<BuiltPage> {
  const { viewer, origin } = request;
  const view = await buildDiscussionView(context, viewer, origin, args.discussionID, args.page, args.sort);
  if (args.page > view.pageCount) throw new NotFoundError("Page");
  const { discussion } = view;
  const firstUnread = await findFirstUnread(context, viewer, view);
  recordReading(context, viewer, view);
  const slot: DiscussionSlotContext = { app: context, viewer, discussion };
  const postSlot = (recordType: "discussion" | "comment", recordID: number, insertUserID: number) =>
    context.pageSlots.nodes("post.actions", { ...slot, recordType, recordID, insertUserID });
  const [meta, afterOriginalPost, discussionExtraActions, commentExtraActions] = await Promise.all([
    context.pageSlots.nodes("discussion.meta", slot),
    context.pageSlots.nodes("discussion.afterOriginalPost", slot),
    postSlot("discussion", discussion.discussionID, discussion.insertUserID),
    Promise.all(view.comments.map((comment) => postSlot("comment", comment.commentID, comment.insertUserID))),
  ]);
  const canonicalPath = args.page > 1 ? `${view.basePath}/p${args.page}` : view.basePath;
  const signature = signatureNode(view, discussion.insertUserID);
  const originalPost = node("OriginalPostAsset", {
    discussion,
    bookmark: node("BookmarkToggle", view.bookmark),
    ...(view.options && { options: node("DiscussionOptionsMenu", view.options) }),
    meta,
    ...(signature && { signature }),
    reactions: node("ReactionsBar", view.discussionReactions),
    actions: node("PostActions", view.discussionActions),
    extraActions: discussionExtraActions,
  });
  const composer = view.composer.canComment
    ? { composer: node("CommentComposer", view.composer) }
    : viewer.isGuest
      ? { signInUrl: `/entry/signin?Target=${encodeURIComponent(canonicalPath)}` }
      : { closed: discussion.closed };
  return builtPage(
    "post",
    discussion.name,
    [
      node("SectionOneColumn", {
        isNarrow: true,
        children: [
          node("Breadcrumbs", { crumbs: discussion.breadcrumbs ?? [] }),
          ...(firstUnread
            ? [node("JumpToUnread", { url: firstUnread.url, countUnread: firstUnread.countUnread })]
            : []),
          originalPost,
          ...afterOriginalPost,
          commentThread(view, commentExtraActions, firstUnread),
          node("CreateCommentAsset", composer),
        ],
      }),
    ],
    { canonicalPath, description: (discussion.excerpt ?? "").slice(0, 160) || undefined },
  );
}
