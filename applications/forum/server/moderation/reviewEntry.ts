import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import { MODERATION_ACTIVITY } from "./moderationNotify";
import { queueCounts } from "./moderationQueries";

/** The moderators' counter: open items in the queue they may act on. */
export const MODERATION_QUEUE_COUNT = "ModerationQueue";

/**
 * The moderators' way in: a Review entry in the title bar leading to the moderation queue, with the open items
 * as its live badge (a badge counter, so the live `count` event carries it). The queue's own notifications are
 * covered by it, so one report counts once in the header.
 */
export function registerReviewEntry(registrar: AddonRegistrar): void {
  registrar.meCount({
    name: MODERATION_QUEUE_COUNT,
    sort: 50,
    onMe: true,
    coversNotifications: [MODERATION_ACTIVITY],
    count: async (context, viewer) => {
      if (!viewer.has("community.moderate")) return 0;
      try {
        const counts = await queueCounts(context, viewer);
        return counts.report + counts.premoderation + counts.spam;
      } catch {
        // No category this viewer moderates.
        return 0;
      }
    },
  });
  registrar.titleBarItem({
    key: "review",
    label: "Review",
    href: "/dashboard/content/reports",
    countName: MODERATION_QUEUE_COUNT,
    permission: "community.moderate",
    sort: 5,
  });
}
