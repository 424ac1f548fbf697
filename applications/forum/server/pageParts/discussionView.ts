import { absoluteSiteUrl } from "@library/server/http/absoluteLinks";
import type { Comment, CommentSort } from "@forum/api/comments";
import type { BookmarkToggleProps } from "@forum/api/bookmarks";
import type { Discussion } from "@forum/api/discussions";
import type { ReactionsBarProps } from "@forum/api/reactions";
import type { DiscussionOptionsMenuProps, PostActionsProps, PostActionsUser } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { addRoleBadges } from "@library/server/users/roleBadges";
import { loadSignatures } from "@library/server/users/userSignatures";
import type { DiscussionRow } from "../discussions/discussionRows";
import { discussionOptionsProps } from "../discussions/discussionOptionsMenu";
import {
  getDiscussionPageData,
  type DiscussionPageData,
  type ThreadedPageOptions,
} from "../discussions/discussionPage";
import { reactionsBarProps } from "../reactions/reactionWidgets";
import { canReport, postReportProps } from "../reports/reportWidgets";
import { commentPermissionsFor, discussionPermissions } from "./postPermissions";

export const COMMENT_SORTS: readonly CommentSort[] = ["dateInserted", "-dateInserted", "-score"];

/** Everything the discussion page shows and the props of its widgets (pageTrees/discussionPageTree.ts draws them). */
export interface DiscussionView extends DiscussionPageData {
  sort: CommentSort;
  /** The discussion's canonical path (`/discussion/{id}/{slug}`), the base of its page URLs. */
  basePath: string;
  discussionActions: PostActionsProps;
  commentActions: PostActionsProps[];
  options: DiscussionOptionsMenuProps | null;
  composer: { discussionID: number; closed: boolean; canComment: boolean };
  /** `ReactionsBar` of the discussion, then of each comment (same order as `comments`). */
  discussionReactions: ReactionsBarProps;
  commentReactions: ReactionsBarProps[];
  bookmark: BookmarkToggleProps;
  /** Sanitised signature HTML by author (discussion and comments); empty when signatures are off. */
  signatures: Map<number, string>;
  /** `signatures.hideMobile`: the signature blocks are hidden on narrow screens. */
  signaturesHideMobile: boolean;
}

/** The author as the post's actions need them (the post's header already shows their photo and link). */
function insertUserOf(post: Discussion | Comment): PostActionsUser {
  return { userID: post.insertUserID, name: post.insertUser?.name ?? "" };
}

/** The Discussion Options menu of the page for this viewer (null: nothing they may do), with Report. */
export async function discussionOptionsFor(
  context: AppContext,
  viewer: Viewer,
  discussion: Discussion,
  own: ReturnType<typeof discussionPermissions>,
): Promise<DiscussionOptionsMenuProps | null> {
  const options = await discussionOptionsProps(context, viewer, discussion, {
    edit: own.canEdit,
    delete: own.canDelete,
    editableUntil: own.editableUntil,
  });
  // Object.assign, not a leading spread with a new field: docs/performance.md.
  return (
    options && { ...options, can: Object.assign({}, options.can, { report: canReport(viewer, discussion) }) }
  );
}

export async function buildDiscussionView(
  context: AppContext,
  viewer: Viewer,
  origin: string,
  discussionID: number,
  page: number,
  sort: CommentSort,
  threaded?: ThreadedPageOptions,
  /** The discussion's row when the request has already read it. */
  known?: DiscussionRow,
): Promise<DiscussionView> {
  const data = await getDiscussionPageData(context, viewer, discussionID, page, sort, threaded, known);
  const { discussion } = data;
  const authors = [discussion.insertUser, ...data.comments.map((comment) => comment.insertUser)];
  await Promise.all([addRoleBadges(context.db, authors), context.userLabels.addLabels(context, authors)]);
  const [discussionReactions, ...commentReactions] = await reactionsBarProps(
    context.db,
    viewer,
    discussion.categoryID,
    [
      { recordType: "discussion" as const, recordID: discussionID, score: discussion.score ?? 0 },
      ...data.comments.map((comment) => ({
        recordType: "comment" as const,
        recordID: comment.commentID,
        score: comment.score,
      })),
    ],
  );
  if (!discussionReactions) throw new Error("The discussion's reactions went missing.");
  const signatures = !context.settings.peek<boolean>("signatures.enabled")
    ? new Map<number, string>()
    : (data.signatures ??
      (await loadSignatures(context.db, [
        discussion.insertUserID,
        ...data.comments.map((comment) => comment.insertUserID),
      ])));
  const editTimeout = context.settings.peek<number>("ui.editContentTimeout");
  const shared = { discussionID, name: discussion.name };
  const ownPermissions = discussionPermissions(viewer, discussion, editTimeout);
  const options = await discussionOptionsFor(context, viewer, discussion, ownPermissions);
  const report = viewer.isGuest ? null : await postReportProps(context, viewer, discussion, data.comments);
  const permissionsOf = commentPermissionsFor(viewer, discussion, editTimeout);
  const discussionActions: PostActionsProps = Object.assign({}, shared, ownPermissions, {
    recordType: "discussion" as const,
    recordID: discussionID,
    url: absoluteSiteUrl(discussion.url, origin),
    insertUser: insertUserOf(discussion),
  });
  if (report) discussionActions.report = report.discussion;
  // Object.assign, not a leading spread with new fields: docs/performance.md.
  return Object.assign({}, data, {
    sort,
    basePath: new URL(discussion.url, origin).pathname,
    discussionActions,
    commentActions: data.comments.map((comment, index) => {
      // Written out rather than spread: a page builds one per comment.
      const own = permissionsOf(comment);
      const actions: PostActionsProps = {
        discussionID,
        name: discussion.name,
        canComment: own.canComment,
        canEdit: own.canEdit,
        editableUntil: own.editableUntil,
        canDelete: own.canDelete,
        recordType: "comment",
        recordID: comment.commentID,
        url: absoluteSiteUrl(comment.url, origin),
        insertUser: insertUserOf(comment),
      };
      const commentReport = report?.comments[index];
      if (commentReport) actions.report = commentReport;
      return actions;
    }),
    options,
    composer: { discussionID, closed: discussion.closed, canComment: ownPermissions.canComment },
    discussionReactions,
    commentReactions,
    bookmark: { discussionID, bookmarked: discussion.bookmarked, signedIn: !viewer.isGuest },
    signatures,
    signaturesHideMobile: context.settings.peek<boolean>("signatures.hideMobile"),
  });
}

export function parseCommentSort(value: unknown): CommentSort {
  return COMMENT_SORTS.find((sort) => sort === value) ?? "dateInserted";
}

/** `p3` → 3; anything else → null (not a page segment). */
export function parsePageSegment(segment: string | undefined): number | null {
  if (segment === undefined) return 1;
  const match = /^p(\d{1,6})$/.exec(segment);
  return match ? Math.max(1, Number(match[1])) : null;
}
