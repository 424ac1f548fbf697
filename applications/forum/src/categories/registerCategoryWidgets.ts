import { registerComponent } from "@library/src/registry/componentRegistry";
import { CategoryFollowButton } from "./CategoryFollowButton";

/** Widgets of the category pages that server pages and the single-page app share. */
export function registerCategoryWidgets(): void {
  registerComponent("CategoryFollowButton", CategoryFollowButton);
}
