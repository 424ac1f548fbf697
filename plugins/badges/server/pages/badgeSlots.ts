import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import { badgeUrl } from "../../api/badgesApi";
import { leaderboard } from "../badges/badgeQueries";
import { listUserBadges } from "../badges/badgeQueries";
import { leaderboardHtml, profileBadgesHtml } from "./badgeFragments";
import "../../api/badgesWidgets";

export const LEADERBOARD_SIZE_SETTING = "badges.leaderboardSize";

/** The member's badges on their Profile tab, and the points leaderboard on the home page. */
export function registerBadgeSlots(registrar: AddonRegistrar): void {
  registrar.pageSlot("profile.overview", {
    component: "ProfileBadges",
    props: async ({ app, user }) => {
      const held = await listUserBadges(app.db, user.userID);
      if (held.length === 0) return null;
      return {
        badges: held.map(({ badge }) => ({
          name: badge.name,
          icon: badge.icon,
          url: badgeUrl(badge.slug),
          description: badge.description,
        })),
      };
    },
    html: (props, { t }) => profileBadgesHtml(props, t),
  });
  registrar.pageSlot("home.widgets", {
    component: "BadgesLeaderboard",
    props: async ({ app }) => {
      const size = await app.settings.get<number>(LEADERBOARD_SIZE_SETTING);
      if (size <= 0) return null;
      const entries = await leaderboard(app.db, Math.min(size, 100));
      if (entries.length === 0) return null;
      return {
        entries: entries.map(({ user, points }) => ({
          userID: user.userID,
          name: user.name,
          url: user.url,
          photoUrl: user.photoUrl,
          points,
        })),
      };
    },
    html: (props, { t }) => leaderboardHtml(props, t),
  });
}
