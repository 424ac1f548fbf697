import type { Notification } from "@forum/api/notifications";
import { sql, type Selectable } from "kysely";
import type { DbOrTx } from "../db/database";
import { ForbiddenError, NotFoundError } from "../errors/httpErrors";
import { nowIso, toApiDate } from "../http/dates";
import type { NotificationTable } from "./notificationTables";

export type NotificationRow = Selectable<NotificationTable>;

export const NO_ACCESS_MESSAGE = "You do not have access to the notification(s).";

/** `/notifications/{id}/read`: the page route that marks one read and goes on to its `url`. */
export function notificationReadUrl(notificationID: number): string {
  return `/notifications/${notificationID}/read`;
}

/** The API shape (API.md 13) of a stored notification, without expands. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    notificationID: row.notificationID,
    body: row.body,
    photoUrl: row.photoUrl,
    url: row.url,
    readUrl: notificationReadUrl(row.notificationID),
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
    read: row.read === 1,
    activityType: row.activityType,
    reason: row.reason ?? "",
    count: row.count,
    recordType: row.recordType,
    recordID: row.recordID,
    discussionID: row.discussionID,
  };
}

/** One member's notifications, newest first ("more" pager: no total). */
export async function listNotifications(
  db: DbOrTx,
  userID: number,
  page: number,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("userID", "=", userID)
    .orderBy("notificationID", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

/** A notification of the member: 404 when there is none, 403 when it is someone else's. */
export async function getOwnNotification(
  db: DbOrTx,
  userID: number,
  notificationID: number,
): Promise<NotificationRow> {
  const row = await db
    .selectFrom("notifications")
    .selectAll()
    .where("notificationID", "=", notificationID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Notification");
  if (row.userID !== userID) throw new ForbiddenError(NO_ACCESS_MESSAGE);
  return row;
}

/** Marks one of the member's notifications read; returns the updated row. */
export async function markNotificationRead(
  db: DbOrTx,
  userID: number,
  notificationID: number,
): Promise<NotificationRow> {
  return markRowRead(db, await getOwnNotification(db, userID, notificationID));
}

/** Marks a notification already read from the database read; returns it as it now is. */
export async function markRowRead(db: DbOrTx, row: NotificationRow): Promise<NotificationRow> {
  if (row.read === 1) return row;
  const now = nowIso();
  await db
    .updateTable("notifications")
    .set({ read: 1, dateUpdated: now })
    .where("notificationID", "=", row.notificationID)
    .execute();
  return { ...row, read: 1, dateUpdated: now };
}

/** SPEC 4: every stored notification of the member read, so the unread count is 0. */
export async function markAllNotificationsRead(db: DbOrTx, userID: number): Promise<void> {
  await db
    .updateTable("notifications")
    .set({ read: 1, dateUpdated: nowIso() })
    .where("userID", "=", userID)
    .where("read", "=", 0)
    .execute();
}

/** The member's unread notifications: a range of the (userID, read) index. */
export async function countUnreadNotifications(db: DbOrTx, userID: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select(sql<number>`count(*)`.as("count"))
    .where("userID", "=", userID)
    .where("read", "=", 0)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
