import { NOTIFICATION_ACTIVITY_TYPES, type NotificationPreference } from "@forum/api/notifications";
import type { DbOrTx } from "../db/database";
import { defineSetting } from "../settings/settingsRegistry";
import { Type } from "@sinclair/typebox";

/**
 * What a member gets before they choose: every kind in the menu, and email for the kinds a community expects
 * (a mention, a reply in one's own discussion, a private message). The administrator changes these on the
 * dashboard's Email screen (settings `notifications.defaults.<kind>.popup|email`).
 */
export const BUILT_IN_NOTIFICATION_DEFAULTS: Readonly<Record<string, NotificationPreference>> = {
  Comment: { popup: true, email: true },
  Participated: { popup: true, email: false },
  Mention: { popup: true, email: true },
  ConversationMessage: { popup: true, email: true },
};

/** A kind applications add later (not in the list above): in the menu, no email. */
const FALLBACK_DEFAULT: NotificationPreference = { popup: true, email: false };

export function notificationDefaultKey(activityType: string, channel: keyof NotificationPreference): string {
  return `notifications.defaults.${activityType}.${channel}`;
}

for (const activityType of NOTIFICATION_ACTIVITY_TYPES) {
  for (const channel of ["popup", "email"] as const) {
    defineSetting({
      key: notificationDefaultKey(activityType, channel),
      schema: Type.Boolean(),
      default: (BUILT_IN_NOTIFICATION_DEFAULTS[activityType] ?? FALLBACK_DEFAULT)[channel],
      read: "site.manage",
      write: "site.manage",
    });
  }
}

/**
 * The site's defaults for the kinds given, read in the caller's transaction (a setting changed a moment ago
 * applies to the next notification, in every process).
 */
export async function loadNotificationDefaults(
  db: DbOrTx,
  activityTypes: readonly string[],
): Promise<(activityType: string) => NotificationPreference> {
  const keys = activityTypes.flatMap((type) => [
    notificationDefaultKey(type, "popup"),
    notificationDefaultKey(type, "email"),
  ]);
  const rows =
    keys.length === 0
      ? []
      : await db.selectFrom("configValues").select(["key", "value"]).where("key", "in", keys).execute();
  const stored = new Map(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  const choice = (type: string, channel: keyof NotificationPreference): boolean => {
    const value = stored.get(notificationDefaultKey(type, channel));
    return typeof value === "boolean"
      ? value
      : (BUILT_IN_NOTIFICATION_DEFAULTS[type] ?? FALLBACK_DEFAULT)[channel];
  };
  return (type) => ({ popup: choice(type, "popup"), email: choice(type, "email") });
}
