import type { CommentPost } from "@forum/api/comments";
import type { DiscussionPost } from "@forum/api/discussions";
import type { AppContext } from "../app/appContext";
import type { Viewer } from "../permissions/viewer";

/** The stored fields of a discussion an add-on builds on (its author, its post type and fields). */
export interface ViewableDiscussion {
  discussionID: number;
  categoryID: number;
  insertUserID: number;
  type: string;
  postTypeID: string | null;
  postMeta: string | null;
}

/**
 * What the forum application offers add-ons, which may not import it: the same checks and writes its own
 * routes use. The forum provides them when it loads; until then (an app without the forum) they throw.
 */
export interface ForumServices {
  /** A discussion the viewer may see: 404 when unknown or hidden from them, 410 deleted, 403 without discussions.view. */
  viewableDiscussion(context: AppContext, viewer: Viewer, discussionID: number): Promise<ViewableDiscussion>;
  /** `POST /discussions` as the viewer (the demo seeds of add-ons); returns the new id. */
  createDiscussion(context: AppContext, viewer: Viewer, body: DiscussionPost): Promise<number>;
  /** `POST /comments` as the viewer (the demo seeds of add-ons); returns the new id. */
  createComment(context: AppContext, viewer: Viewer, body: CommentPost): Promise<number>;
}

let provided: ForumServices | null = null;

export function provideForumServices(services: ForumServices): void {
  provided = services;
}

export function forumServices(): ForumServices {
  if (!provided) throw new Error("The forum application is not loaded.");
  return provided;
}
