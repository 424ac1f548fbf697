import type { ReactionRecordType } from "@forum/api/reactions";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { getViewableComment } from "../comments/commentRows";
import { getViewableDiscussion } from "../discussions/discussionRows";

/** What a reaction write needs to know about the record it targets. */
export interface ReactableRecord {
  recordType: ReactionRecordType;
  recordID: number;
  insertUserID: number;
  categoryID: number;
}

/** A discussion or comment the viewer may see: 404 when unknown, 403 without discussions.view. */
export async function getReactableRecord(
  context: AppContext,
  viewer: Viewer,
  recordType: ReactionRecordType,
  recordID: number,
): Promise<ReactableRecord> {
  if (recordType === "discussion") {
    const { row } = await getViewableDiscussion(context, viewer, recordID);
    return { recordType, recordID, insertUserID: row.insertUserID, categoryID: row.categoryID };
  }
  const { row, discussion } = await getViewableComment(context, viewer, recordID);
  return { recordType, recordID, insertUserID: row.insertUserID, categoryID: discussion.categoryID };
}
