import {
  NOTIFICATION_ACTIVITY_TYPES,
  type NotificationPreference,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
} from "@forum/api/notifications";
import type { DbOrTx } from "../db/database";
import { loadNotificationDefaults } from "./notificationDefaults";

/**
 * The choices of many members for the activity types given, in one query; absent rows are the site's defaults
 * (`notificationDefaults.ts`).
 */
export async function loadNotificationPreferences(
  db: DbOrTx,
  userIDs: readonly number[],
  activityTypes: readonly string[],
): Promise<(userID: number, activityType: string) => NotificationPreference> {
  const ids = [...new Set(userIDs)];
  const types = [...new Set(activityTypes)];
  const rows =
    ids.length === 0 || types.length === 0
      ? []
      : await db
          .selectFrom("notificationPreferences")
          .selectAll()
          .where("userID", "in", ids)
          .where("activityType", "in", types)
          .execute();
  const defaultOf = await loadNotificationDefaults(db, types);
  const stored = new Map(
    rows.map((row) => [
      `${row.userID}:${row.activityType}`,
      { popup: row.popup === 1, email: row.email === 1 },
    ]),
  );
  return (userID, activityType) => stored.get(`${userID}:${activityType}`) ?? defaultOf(activityType);
}

/** `GET /notifications/preferences`: every known activity type for one member. */
export async function getNotificationPreferences(
  db: DbOrTx,
  userID: number,
): Promise<NotificationPreferences> {
  const lookup = await loadNotificationPreferences(db, [userID], NOTIFICATION_ACTIVITY_TYPES);
  return Object.fromEntries(NOTIFICATION_ACTIVITY_TYPES.map((type) => [type, { ...lookup(userID, type) }]));
}

/** `PATCH /notifications/preferences`: upserts the types named in the body, keeping unnamed fields. */
export async function patchNotificationPreferences(
  db: DbOrTx,
  userID: number,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  const current = await getNotificationPreferences(db, userID);
  for (const type of NOTIFICATION_ACTIVITY_TYPES) {
    const change = patch[type];
    const before = current[type];
    if (!change || !before) continue;
    const next = { popup: change.popup ?? before.popup, email: change.email ?? before.email };
    await db
      .insertInto("notificationPreferences")
      .values({ userID, activityType: type, popup: next.popup ? 1 : 0, email: next.email ? 1 : 0 })
      .onConflict((conflict) =>
        conflict.columns(["userID", "activityType"]).doUpdateSet({
          popup: next.popup ? 1 : 0,
          email: next.email ? 1 : 0,
        }),
      )
      .execute();
    current[type] = next;
  }
  return current;
}

/**
 * The one-click unsubscribe of a notification mail: turns off one kind's email for one member, keeping whether
 * it shows in their menu. Answers false when the member is gone.
 */
export async function turnOffNotificationEmail(
  db: DbOrTx,
  userID: number,
  activityType: string,
): Promise<boolean> {
  const user = await db.selectFrom("users").select("deleted").where("userID", "=", userID).executeTakeFirst();
  if (!user || user.deleted === 1) return false;
  const current = (await loadNotificationPreferences(db, [userID], [activityType]))(userID, activityType);
  await db
    .insertInto("notificationPreferences")
    .values({ userID, activityType, popup: current.popup ? 1 : 0, email: 0 })
    .onConflict((conflict) => conflict.columns(["userID", "activityType"]).doUpdateSet({ email: 0 }))
    .execute();
  return true;
}
