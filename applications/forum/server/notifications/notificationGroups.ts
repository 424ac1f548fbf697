import type { DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import type { Translate } from "@library/server/i18n/translate";
import { pluralText } from "@library/server/i18n/readerFormats";
import { escapeHtml } from "@library/server/pages/html";
import {
  getOwnNotification,
  markRowRead,
  type NotificationRow,
} from "@library/server/notifications/notificationsQueries";
import { sql } from "kysely";
import { BATCHED_ACTIVITY_TYPES, isBatchedNotification } from "@forum/api/notificationBatching";

export { BATCHED_ACTIVITY_TYPES };

/** A line of the notification list: one notification, or a thread's comments grouped (`shouldBatch`). */
export interface NotificationGroup {
  /** The newest notification of the group (its id names the group). */
  latest: NotificationRow;
  /** The oldest: a group leads to the first comment the member has not seen. */
  oldest: NotificationRow;
  count: number;
  /** Who acted, newest first, each once. */
  actorNames: string[];
}

export type NotificationFilter = "all" | "unread";

/** The grouping key in SQL: a batched type's discussion and read state, or the notification itself. */
const groupKey = sql<string>`CASE WHEN "discussionID" IS NOT NULL AND "activityType" IN (${sql.join(
  BATCHED_ACTIVITY_TYPES.map((type) => sql.lit(type)),
)}) THEN 'd' || CAST("discussionID" AS TEXT) || ':' || CAST("read" AS TEXT) ELSE 'n' || CAST("notificationID" AS TEXT) END`;

/**
 * How many unread lines the member has: a busy thread's unread comments count once, as they are listed. The
 * count is a range of the (userID, read) index.
 */
export async function countUnreadNotificationLines(
  db: DbOrTx,
  userID: number,
  leaveOutTypes: readonly string[] = [],
): Promise<number> {
  let query = db
    .selectFrom("notifications")
    .select(sql<number>`count(DISTINCT ${groupKey})`.as("count"))
    .where("userID", "=", userID)
    .where("read", "=", 0);
  if (leaveOutTypes.length > 0) query = query.where("activityType", "not in", [...leaveOutTypes]);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * One page of a member's notification lines, newest activity first: comments of one discussion with the same
 * read state are one line ("Ana and 4 others commented on …"), everything else one line each. Three queries:
 * the page of groups, their newest and oldest rows, and the actors of the grouped ones.
 */
export async function listNotificationGroups(
  db: DbOrTx,
  userID: number,
  options: { page: number; limit: number; filter: NotificationFilter },
): Promise<NotificationGroup[]> {
  let groups = db
    .selectFrom("notifications")
    .select([
      groupKey.as("groupKey"),
      (eb) => eb.fn.max("notificationID").as("latestID"),
      (eb) => eb.fn.min("notificationID").as("oldestID"),
      (eb) => eb.fn.countAll<number>().as("count"),
    ])
    .where("userID", "=", userID);
  if (options.filter === "unread") groups = groups.where("read", "=", 0);
  const page = await groups
    .groupBy(groupKey)
    .orderBy("latestID", "desc")
    .limit(options.limit)
    .offset((options.page - 1) * options.limit)
    .execute();
  if (page.length === 0) return [];
  const ids = page.flatMap((group) => [Number(group.latestID), Number(group.oldestID)]);
  const rows = await db.selectFrom("notifications").selectAll().where("notificationID", "in", ids).execute();
  const byID = new Map(rows.map((row) => [row.notificationID, row]));
  const grouped = page.flatMap((group) => {
    const latest = byID.get(Number(group.latestID));
    const oldest = byID.get(Number(group.oldestID));
    return latest && oldest
      ? [{ latest, oldest, count: Number(group.count), actorNames: [] as string[] }]
      : [];
  });
  await fillActorNames(db, userID, grouped);
  return grouped;
}

async function fillActorNames(db: DbOrTx, userID: number, groups: NotificationGroup[]): Promise<void> {
  const batched = groups.filter((group) => group.count > 1 && isBatchedNotification(group.latest));
  const discussionIDs = [...new Set(batched.map((group) => group.latest.discussionID ?? 0))];
  if (discussionIDs.length === 0) return;
  const actors = await db
    .selectFrom("notifications")
    .leftJoin("users", "users.userID", "notifications.actorUserID")
    .select([
      "notifications.discussionID",
      "notifications.activityType",
      "notifications.read",
      "notifications.notificationID",
      "users.name",
    ])
    .where("notifications.userID", "=", userID)
    .where("notifications.discussionID", "in", discussionIDs)
    .where("notifications.activityType", "in", [...BATCHED_ACTIVITY_TYPES])
    .orderBy("notifications.notificationID", "desc")
    .execute();
  for (const group of batched) {
    const names = actors
      .filter(
        (actor) =>
          actor.discussionID === group.latest.discussionID &&
          actor.read === group.latest.read &&
          actor.notificationID >= group.oldest.notificationID &&
          actor.notificationID <= group.latest.notificationID,
      )
      .map((actor) => actor.name ?? "");
    group.actorNames = [...new Set(names.filter((name) => name !== ""))];
  }
}

/**
 * The line's body: a single notification as stored; a group names its newest actor and counts the others
 * ("<b>Ana</b> and 4 others commented on <b>Title</b>."), replacing the stored body's leading name.
 */
export function groupBody(group: NotificationGroup, t: Translate): string {
  const others = group.actorNames.length - 1;
  const first = group.actorNames[0];
  if (group.count <= 1 || !first || others <= 0) return group.latest.body;
  const who = pluralText(
    t("{count, plural, one {{name} and # other} other {{name} and # others}}"),
    others,
    t,
    {
      name: `<b>${escapeHtml(first)}</b>`,
    },
  );
  return group.latest.body.replace(/^<b>.*?<\/b>/, who);
}

/**
 * Marks a notification read with the rest of its line: a grouped thread's unread comments go together, so the
 * grouped line disappears from the unread count at once. Returns the updated row, leading (like the line) to the
 * oldest comment of the thread that was unread.
 */
export async function markNotificationLineRead(
  db: DbOrTx,
  userID: number,
  notificationID: number,
): Promise<NotificationRow> {
  const row = await getOwnNotification(db, userID, notificationID);
  if (!isBatchedNotification(row)) return markRowRead(db, row);
  const now = nowIso();
  const oldestUnread = await db
    .selectFrom("notifications")
    .select("url")
    .where("userID", "=", userID)
    .where("discussionID", "=", row.discussionID)
    .where("activityType", "in", [...BATCHED_ACTIVITY_TYPES])
    .where("read", "=", 0)
    .orderBy("notificationID")
    .limit(1)
    .executeTakeFirst();
  await db
    .updateTable("notifications")
    .set({ read: 1, dateUpdated: now })
    .where("userID", "=", userID)
    .where("discussionID", "=", row.discussionID)
    .where("activityType", "in", [...BATCHED_ACTIVITY_TYPES])
    .where("read", "=", 0)
    .execute();
  return {
    ...row,
    read: 1,
    dateUpdated: row.read === 1 ? row.dateUpdated : now,
    url: oldestUnread?.url ?? row.url,
  };
}
