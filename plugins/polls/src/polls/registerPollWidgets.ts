import { registerComponent } from "@library/src/registry/componentRegistry";
import { PollWidget } from "./PollWidget";

/** The polls add-on's widgets, under the names its page-slot nodes use. */
export function registerPollWidgets(): void {
  registerComponent("PollWidget", PollWidget);
}
