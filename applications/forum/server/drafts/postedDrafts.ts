import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import { removePublishJobs } from "./draftScheduleJobs";
import "./draftTables";

/**
 * API.md 7.5, 7.6, 8.4: a post or an edit sent with `draftID` removes that draft in its own transaction, so the
 * post and its draft are never both kept nor both lost. Only the author's own draft goes: another member's, or
 * one already gone, is left as it is and the post goes ahead (the answer says nothing about others' drafts).
 */
export async function removePostedDraft(
  trx: DbOrTx,
  viewer: Viewer,
  draftID: number | undefined,
): Promise<void> {
  if (draftID === undefined || viewer.isGuest) return;
  const removed = await trx
    .deleteFrom("drafts")
    .where("draftID", "=", draftID)
    .where("insertUserID", "=", viewer.userID)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) await removePublishJobs(trx, [draftID]);
}
