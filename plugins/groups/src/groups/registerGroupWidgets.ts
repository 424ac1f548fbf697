import { registerComponent } from "@library/src/registry/componentRegistry";
import { GroupDiscussionForm } from "./GroupDiscussionForm";
import { GroupInviteForm } from "./GroupInviteForm";
import "./groups.css";

/** The groups add-on's widgets, under the names its pages use. */
export function registerGroupWidgets(): void {
  registerComponent("GroupInviteForm", GroupInviteForm);
  registerComponent("GroupDiscussionForm", GroupDiscussionForm);
}
