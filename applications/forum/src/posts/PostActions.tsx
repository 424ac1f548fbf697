import { lazy, Suspense, type ComponentType } from "react";
import type { PostActionsProps as PostActionsNodeProps } from "@forum/api/widgetProps";
import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { useAppSelector } from "@library/src/redux/hooks";
import { PostPermalink } from "./PostPermalink";
import { ShareMenu, type ShareMenuProps } from "./ShareMenu";
import "./posts.css";

export type { PostActionsUser } from "@forum/api/widgetProps";

/** The node's props, the Share menu's items as nodes (a server page's props) or rendered (a layout's). */
export type PostActionsProps = Omit<PostActionsNodeProps, "shareItems"> & {
  shareItems?: ShareMenuProps["items"];
};

/**
 * What a signed-in reader may do besides read and share (quote, reply, edit, delete, report, select) is a chunk
 * of its own: a guest's page never loads it. A member's page preloads it with this widget (registerPostWidgets),
 * so the row mounts whole; until then the reading row stands in.
 */
let memberActions: ComponentType<PostActionsProps> | null = null;
const LazyMemberActions = lazy(() =>
  preloadMemberPostActions().then((component) => ({ default: component })),
);

export function preloadMemberPostActions(): Promise<ComponentType<PostActionsProps>> {
  return import("./MemberPostActions").then((module) => {
    memberActions = module.MemberPostActions;
    return module.MemberPostActions;
  });
}

/** Whether the reader may act on the post beyond reading and sharing it. */
function actsOn(props: PostActionsProps, isSignedIn: boolean): boolean {
  return (
    props.canComment ||
    props.canEdit ||
    props.canDelete ||
    props.report !== undefined ||
    (props.recordType === "comment" && isSignedIn)
  );
}

/** The action row under each post: the permalink and its copy, Share, and for members what they may do. */
export function PostActions(props: PostActionsProps) {
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const reading = <ReadingActions {...props} />;
  if (!actsOn(props, isSignedIn)) return reading;
  const MemberActions = memberActions ?? LazyMemberActions;
  return (
    <Suspense fallback={reading}>
      <MemberActions {...props} />
    </Suspense>
  );
}

/** A reader's row: the post's time and link, and Share. */
function ReadingActions({ url, name, shareItems }: PostActionsProps) {
  return (
    <div className="postActions">
      <div className="postActions-row">
        <PostPermalink url={url} />
        <span className="postActions-buttons">
          <ShareMenu url={url} name={name} items={shareItems} />
        </span>
      </div>
    </div>
  );
}
