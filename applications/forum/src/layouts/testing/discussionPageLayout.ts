import { node } from "@forum/api/layoutNode";
import type { LayoutNode } from "@forum/api/widgetProps";
import type { ReactionsBarProps } from "@forum/api/reactions";
import { postActionsProps } from "@applications/forum/src/posts/postsTestFixtures";
import { reactionsBarProps, summary } from "@applications/forum/src/reactions/reactionsTestFixtures";
import { makeComment, makeDiscussion } from "@applications/forum/src/layouts/testing/layoutFixtures";

function reactions(overrides: Partial<ReactionsBarProps>) {
  return node("ReactionsBar", reactionsBarProps(overrides));
}

/**
 * The `post` layout of discussion 5 with two comments, as the server's page tree builds it for a member who may
 * edit, close and delete it; `slotWidgets` go where add-ons' `discussion.afterOriginalPost` widgets go.
 */
export function discussionPageLayout(
  options: { guest?: boolean; slotWidgets?: LayoutNode[] } = {},
): LayoutNode[] {
  const discussion = makeDiscussion({
    discussionID: 5,
    name: "Welcome to the forum",
    body: "<p>Say hello!</p>",
  });
  const comments = [makeComment({ commentID: 101 }), makeComment({ commentID: 102 })];
  const signature = node("PostSignature", {
    html: "<p>Cheers, <strong>Alice</strong></p>",
    hideMobile: false,
  });
  return [
    node("SectionOneColumn", {
      isNarrow: true,
      children: [
        node("Breadcrumbs", {
          crumbs: [
            { name: "Home", url: "/" },
            { name: "General", url: "/categories/general" },
          ],
        }),
        node("OriginalPostAsset", {
          discussion,
          bookmark: node("BookmarkToggle", { discussionID: 5, bookmarked: false, signedIn: !options.guest }),
          ...(!options.guest && {
            options: node("DiscussionOptionsMenu", {
              discussion: { ...discussion, closed: false, sink: false, pinned: false },
              categoryUrl: "/categories/general",
              can: { edit: true, delete: true, close: true, sink: false },
              editableUntil: null,
            }),
          }),
          meta: [],
          signature,
          reactions: reactions({ recordType: "discussion", recordID: 5, reactions: summary({ Like: 2 }) }),
          actions: node(
            "PostActions",
            postActionsProps({ recordType: "discussion", recordID: 5, discussionID: 5 }),
          ),
          extraActions: [],
        }),
        ...(options.slotWidgets ?? []),
        node("CommentThreadAsset", {
          comments: comments.map((comment) =>
            node("CommentItem", {
              comment,
              ...(comment.commentID === 101 && { signature }),
              reactions: reactions({ recordType: "comment", recordID: comment.commentID }),
              actions: node(
                "PostActions",
                postActionsProps({ recordID: comment.commentID, discussionID: 5 }),
              ),
              extraActions: [],
            }),
          ),
          totalComments: 2,
          sort: node("CommentSort", { sort: "dateInserted", baseUrl: "/discussion/5/welcome" }),
        }),
        node(
          "CreateCommentAsset",
          options.guest
            ? { signInUrl: "/entry/signin?Target=%2Fdiscussion%2F5%2Fwelcome" }
            : { composer: node("CommentComposer", { discussionID: 5, closed: false, canComment: true }) },
        ),
      ],
    }),
  ];
}
