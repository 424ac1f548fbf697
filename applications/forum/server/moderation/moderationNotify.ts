import type { AppContext } from "@library/server/app/appContext";
import { recordNames } from "@library/server/cache/recordNames";
import type { DbOrTx } from "@library/server/db/database";
import { createNotifications, deliverNotifications } from "@library/server/notifications/createNotifications";
import { OPEN_STATUSES } from "./moderationItems";
import "./moderationTables";

/** The job that tells moderators about new queue items (enqueued inside the write that adds them). */
export const NOTIFY_MODERATORS_JOB = "forum.notifyModerators";
/** The notification's activity type (members choose popup/email for it like any other). */
export const MODERATION_ACTIVITY = "ModerationQueue";
export const QUEUE_URL = "/dashboard/content/reports";

/**
 * Queues the notification job; while one is waiting, new items join it, so a burst of reports or held posts
 * becomes one notification per moderator.
 */
export async function enqueueModeratorNotification(context: AppContext, trx: DbOrTx): Promise<void> {
  await context.jobs.enqueue(trx, NOTIFY_MODERATORS_JOB, {}, { uniqueKey: NOTIFY_MODERATORS_JOB });
}

/** Members who moderate the whole site (a role with community.moderate), not banned or deleted. */
async function siteModeratorIDs(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectFrom("users")
    .innerJoin("userRoles", "userRoles.userID", "users.userID")
    .innerJoin("rolePermissions", "rolePermissions.roleID", "userRoles.roleID")
    .select("users.userID")
    .distinct()
    .where("rolePermissions.resourceType", "=", "global")
    .where("rolePermissions.permission", "=", "community.moderate")
    .where("users.deleted", "=", 0)
    .where("users.banned", "=", 0)
    .orderBy("users.userID")
    .execute();
  return rows.map((row) => row.userID);
}

export function queueNotificationText(open: number): string {
  return open === 1
    ? "**1** post is waiting in the moderation queue."
    : `**${open}** posts are waiting in the moderation queue.`;
}

/**
 * One line per moderator, replaced (not added to) while unread: "N posts are waiting in the moderation
 * queue." Items already counted by an earlier run are not announced again.
 */
async function notifyModerators(context: AppContext): Promise<number[]> {
  const delivery = await context.db.transaction().execute(async (trx) => {
    const fresh = await trx
      .selectFrom("moderationItems")
      .select("itemID")
      .where("notified", "=", 0)
      .execute();
    if (fresh.length === 0) return null;
    await trx
      .updateTable("moderationItems")
      .set({ notified: 1 })
      .where(
        "itemID",
        "in",
        fresh.map((row) => row.itemID),
      )
      .execute();
    const { count } = await trx
      .selectFrom("moderationItems")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "in", [...OPEN_STATUSES])
      .executeTakeFirstOrThrow();
    const open = Number(count);
    if (open === 0) return null;
    const moderators = await siteModeratorIDs(trx);
    if (moderators.length === 0) return null;
    await trx
      .deleteFrom("notifications")
      .where("activityType", "=", MODERATION_ACTIVITY)
      .where("read", "=", 0)
      .where("userID", "in", moderators)
      .execute();
    return createNotifications(
      trx,
      moderators.map((userID) => ({
        userID,
        activityType: MODERATION_ACTIVITY,
        recordType: "moderationQueue",
        recordID: 0,
        url: QUEUE_URL,
        body: queueNotificationText(open),
        photoUrl: null,
        reason: "You moderate this community.",
      })),
      { siteUrl: context.config.siteUrl },
    );
  });
  if (!delivery) return [];
  await deliverNotifications(context, delivery);
  return delivery.notifications.map((notification) => notification.userID);
}

export function defineModeratorNotificationJob(context: AppContext, owner: string): void {
  // Only the moderators' own notifications change: no public cache is retired.
  context.jobs.define<Record<string, never>>(
    NOTIFY_MODERATORS_JOB,
    async (_payload, job) =>
      job.noteChanged(...(await notifyModerators(context)).map((userID) => recordNames.member(userID))),
    { owner },
  );
}
