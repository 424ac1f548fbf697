import { NOTIFICATION_ACTIVITY_TYPES } from "@forum/api/notifications";
import { NOTIFICATION_KIND_LABELS } from "@forum/api/notificationKinds";
import { notificationDefaultKey } from "@library/server/notifications/notificationDefaults";
import type { SiteSettingPresentation } from "./siteSettingPresentation";

/**
 * The Email screen's defaults for members who have not chosen: for each kind of notification, email and
 * menu. A member's own choice on their preferences page always wins.
 */
export function notificationDefaultFields(): SiteSettingPresentation[] {
  return NOTIFICATION_ACTIVITY_TYPES.flatMap((type) => {
    const kind = NOTIFICATION_KIND_LABELS[type] ?? type;
    return [
      {
        key: notificationDefaultKey(type, "email"),
        label: `Email by default: ${kind}`,
        description: "For members who have not chosen on their notification preferences page.",
      },
      { key: notificationDefaultKey(type, "popup"), label: `In the notification menu by default: ${kind}` },
    ];
  });
}
