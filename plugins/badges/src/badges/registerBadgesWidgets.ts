import { registerComponent } from "@library/src/registry/componentRegistry";
import { BadgesLeaderboard } from "./BadgesLeaderboard";
import { ProfileBadges } from "./ProfileBadges";
import "./badges.css";

/** The badges add-on's widgets, under the names its page-slot nodes use, and the styles of its pages. */
export function registerBadgesWidgets(): void {
  registerComponent("ProfileBadges", ProfileBadges);
  registerComponent("BadgesLeaderboard", BadgesLeaderboard);
}
