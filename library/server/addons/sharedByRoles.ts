import type { AppContext } from "../app/appContext";
import type { Viewer } from "../permissions/viewer";
import { discussionVisibility } from "./discussionVisibility";
import type { ExtendableRecord } from "./recordExtenders";

/**
 * Whether a member's answer about records of this kind may be the one made once for everyone with their roles (a
 * shared list, a shared page of comments): shared answers are on, the viewer is a member, no running add-on adds
 * fields of their own to such records, and none lets them see more than their roles do (a group's discussions).
 */
export async function mayAnswerByRoles(
  context: AppContext,
  viewer: Viewer,
  record: ExtendableRecord,
): Promise<boolean> {
  if (context.config.sharedPageSeconds <= 0 || viewer.isGuest) return false;
  if (context.recordExtenders.hasPerMember(record)) return false;
  return (await discussionVisibility(context).forViewer(context, viewer)).key === "";
}
