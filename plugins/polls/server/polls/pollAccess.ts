import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { forumServices, type ViewableDiscussion } from "@library/server/addons/forumServices";
import { pollDefinitionOf, type PollDefinition } from "./pollDefinition";

const MODERATORS = ["site.manage", "community.moderate"];

/** A poll discussion the viewer may see: 404 when the discussion is no poll, else as the discussion answers. */
export async function getViewablePoll(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
): Promise<{ row: ViewableDiscussion; definition: PollDefinition }> {
  const row = await forumServices().viewableDiscussion(context, viewer, discussionID);
  const definition = pollDefinitionOf(row.postTypeID, row.postMeta);
  if (!definition) throw new NotFoundError("Poll");
  return { row, definition };
}

/** The discussion's author or a moderator may close and reopen its poll. */
export function canClosePoll(viewer: Viewer, row: { insertUserID: number }): boolean {
  if (viewer.isGuest) return false;
  return row.insertUserID === viewer.userID || viewer.has(MODERATORS);
}
