import { registerComponent } from "@library/src/registry/componentRegistry";
import { BadgesSection } from "./BadgesSection";

/** The dashboard section the server declares as `BadgesSection`. */
export function registerBadgesDashboard(): void {
  registerComponent("BadgesSection", BadgesSection);
}
