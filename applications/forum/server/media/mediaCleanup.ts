import type { AppContext } from "@library/server/app/appContext";
import type { UploadStorage } from "@library/server/uploads/uploadStorage";
import "../drafts/draftTables";
import "./mediaTables";

export const CLEAN_ORPHANED_MEDIA = "forum.cleanOrphanedMedia";
/** An upload nobody has used for this long is removed. */
export const ORPHAN_AFTER_HOURS = 24;
/** How often the cleanup is queued while the server runs. */
export const ORPHAN_SWEEP_MINUTES = 60;
const BATCH = 100;

type Reference = { foreignType: string; foreignID: number };

/** Where a stored file is used: a post body, a draft (not yet posted) or a member's photo. */
async function findReference(context: AppContext, storageKey: string): Promise<Reference | null> {
  const pattern = `%${storageKey}%`;
  const discussion = await context.db
    .selectFrom("discussions")
    .select("discussionID")
    .where("body", "like", pattern)
    .executeTakeFirst();
  if (discussion) return { foreignType: "discussion", foreignID: discussion.discussionID };
  const comment = await context.db
    .selectFrom("comments")
    .select("commentID")
    .where("body", "like", pattern)
    .executeTakeFirst();
  if (comment) return { foreignType: "comment", foreignID: comment.commentID };
  const user = await context.db
    .selectFrom("users")
    .select("userID")
    .where("photo", "like", pattern)
    .executeTakeFirst();
  if (user) return { foreignType: "user", foreignID: user.userID };
  const draft = await context.db
    .selectFrom("drafts")
    .select("draftID")
    .where("attributes", "like", pattern)
    .executeTakeFirst();
  // A draft keeps its files for now, but they stay unattached: the draft may still be discarded.
  if (draft) return { foreignType: "draft", foreignID: draft.draftID };
  return null;
}

/**
 * Removes uploads older than ORPHAN_AFTER_HOURS that no post, photo or draft uses, and records where the others
 * ended up (so they are not looked at again). Returns how many files were removed.
 */
export async function cleanOrphanedMedia(
  context: AppContext,
  storage: UploadStorage,
  now = Date.now(),
): Promise<number> {
  const cutoff = new Date(now - ORPHAN_AFTER_HOURS * 3600_000).toISOString();
  let removed = 0;
  let afterID = 0;
  for (;;) {
    const rows = await context.db
      .selectFrom("media")
      .select(["mediaID", "storageKey"])
      .where((eb) => eb.or([eb("foreignType", "is", null), eb("foreignType", "=", "draft")]))
      .where("dateInserted", "<", cutoff)
      .where("mediaID", ">", afterID)
      .orderBy("mediaID")
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const reference = await findReference(context, row.storageKey);
      if (reference?.foreignType === "draft") continue;
      if (reference) {
        await context.db.updateTable("media").set(reference).where("mediaID", "=", row.mediaID).execute();
        continue;
      }
      const deleted = await context.db
        .deleteFrom("media")
        .where("mediaID", "=", row.mediaID)
        .where("foreignType", "is", null)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0) {
        await storage.delete(row.storageKey);
        removed += 1;
      }
    }
    if (rows.length < BATCH) return removed;
    afterID = rows[rows.length - 1]?.mediaID ?? afterID;
  }
}

/** The cleanup job, queued now and every ORPHAN_SWEEP_MINUTES (at most one waiting) while the app runs. */
export function defineMediaJobs(context: AppContext, storage: UploadStorage): void {
  context.jobs.define(
    CLEAN_ORPHANED_MEDIA,
    async (_payload, job) => {
      // Only uploads no post uses are removed: no cached page shows them.
      job.noteChanged();
      const removed = await cleanOrphanedMedia(context, storage);
      if (removed > 0) context.log.info({ removed }, "Removed unused uploads.");
    },
    { owner: "forum" },
  );
}

export function scheduleMediaCleanup(context: AppContext, onClose: (stop: () => void) => void): void {
  const enqueue = () =>
    context.jobs
      .enqueue(context.db, CLEAN_ORPHANED_MEDIA, {}, { uniqueKey: CLEAN_ORPHANED_MEDIA })
      .catch((error: unknown) => context.log.warn({ err: error }, "Could not queue the upload cleanup."));
  const timer = setInterval(() => void enqueue(), ORPHAN_SWEEP_MINUTES * 60_000);
  timer.unref();
  onClose(() => clearInterval(timer));
}
