import { registerComponent } from "@library/src/registry/componentRegistry";
import { SubcommunitiesSection } from "./SubcommunitiesSection";

/** The dashboard section the server declares as `SubcommunitiesSection`. */
export function registerSubcommunitiesDashboard(): void {
  registerComponent("SubcommunitiesSection", SubcommunitiesSection);
}
