import { registerComponent } from "@library/src/registry/componentRegistry";
import { IdeaVoting } from "./IdeaVoting";

/** The ideation add-on's widgets, under the names its page-slot nodes use. */
export function registerIdeationWidgets(): void {
  registerComponent("IdeaVoting", IdeaVoting);
}
