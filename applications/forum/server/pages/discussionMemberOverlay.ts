import type { LayoutNode } from "@forum/api/widgetProps";
import type { HoleFill } from "@library/server/pages/pageTreeHtml";
import { memberOverlaysOf } from "@library/server/pages/memberOverlays";
import type { AppContext } from "@library/server/app/appContext";
import type { DiscussionMemberState } from "./discussionMemberState";
import { commentPermissions, discussionPermissions } from "../pageParts/postPermissions";

/**
 * The member overlay of a shared discussion page: the widgets that carry one member's state are holes in the
 * shared rendering, written per request from that member's state. The forum's own are below; add-on widgets
 * join through `memberOverlaysOf(context).join(…)` (library/server/pages/memberOverlays.ts).
 */

/** The widgets that carry one member's state: written per request from the shared props. */
const CORE_MEMBER_WIDGETS = new Set<string>([
  "ReactionsBar",
  "BookmarkToggle",
  "DiscussionOptionsMenu",
  "JumpToUnread",
  "PostActions",
]);

/**
 * A member widget's hole for this member: as rendered for all, or the variant of their state (a key that fixes
 * the widget's HTML on this page, and how to make its node: null shows nothing).
 */
function coreMemberHole(hole: LayoutNode, state: DiscussionMemberState): HoleFill {
  switch (hole.$reactComponent) {
    case "JumpToUnread": {
      const { firstUnread } = state;
      if (!firstUnread) return { key: "none", node: () => null };
      return {
        key: `${firstUnread.url}|${firstUnread.countUnread}`,
        node: () => ({
          ...hole,
          $reactProps: { url: firstUnread.url, countUnread: firstUnread.countUnread },
        }),
      };
    }
    case "ReactionsBar": {
      const props = hole.$reactProps;
      const mine = state.reacted.get(`${props.recordType}:${props.recordID}`);
      if (!mine) return "shared";
      return {
        key: [...mine].sort((a, b) => a - b).join(","),
        node: () => ({
          ...hole,
          $reactProps: {
            ...props,
            reactions: props.reactions.map((item) => ({ ...item, hasReacted: mine.has(item.tagID) })),
          },
        }),
      };
    }
    case "BookmarkToggle": {
      const props = hole.$reactProps;
      const bookmarked = state.discussion.bookmarked;
      return {
        key: String(bookmarked),
        node: () => ({ ...hole, $reactProps: { ...props, bookmarked } }),
      };
    }
    case "PostActions": {
      const props = hole.$reactProps;
      if (props.insertUser.userID !== state.viewer.userID) return "shared";
      // The member's own post: what an author may do with it, now (editing ends after a while).
      const comment = props.recordType === "comment" ? state.comments.get(props.recordID) : undefined;
      const own =
        props.recordType === "discussion"
          ? discussionPermissions(state.viewer, state.discussion, state.editTimeout)
          : comment && commentPermissions(state.viewer, state.discussion, comment, state.editTimeout);
      if (!own) return "shared";
      return {
        key: `${state.viewer.userID}|${JSON.stringify(own)}`,
        node: () => ({
          ...hole,
          $reactProps: {
            ...props,
            ...own,
            ...(props.report && { report: { ...props.report, canReport: false } }),
          },
        }),
      };
    }
    case "DiscussionOptionsMenu": {
      const props = hole.$reactProps;
      const { ownOptions } = state;
      if (state.discussion.insertUserID === state.viewer.userID)
        return ownOptions
          ? {
              key: `own|${state.viewer.userID}|${JSON.stringify(ownOptions)}`,
              node: () => ({ ...hole, $reactProps: ownOptions }),
            }
          : { key: "none", node: () => null };
      const muted = state.discussion.muted ?? false;
      const dismissed = state.discussion.dismissed ?? false;
      return {
        key: `${muted}|${dismissed}`,
        node: () => ({
          ...hole,
          $reactProps: { ...props, discussion: { ...props.discussion, muted, dismissed } },
        }),
      };
    }
    default:
      return "shared";
  }
}

/** Which nodes of the shared rendering are holes of the member overlay (the forum's and the joined add-ons'). */
export function memberHolesOf(context: AppContext): (node: LayoutNode) => boolean {
  const joined = memberOverlaysOf(context).components();
  return (node) => CORE_MEMBER_WIDGETS.has(node.$reactComponent) || joined.has(node.$reactComponent);
}

/** How to fill each hole for this member: the forum's widgets from their state, joined widgets as they say. */
export async function memberOverlayFor(
  context: AppContext,
  state: DiscussionMemberState,
): Promise<(hole: LayoutNode) => HoleFill> {
  const joined = await memberOverlaysOf(context).load({
    viewer: state.viewer,
    discussionID: state.discussion.discussionID,
    commentIDs: [...state.comments.keys()],
  });
  return (hole) =>
    CORE_MEMBER_WIDGETS.has(hole.$reactComponent) ? coreMemberHole(hole, state) : (joined(hole) ?? "shared");
}
