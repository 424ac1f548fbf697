import { registerComponent } from "@library/src/registry/componentRegistry";
import { SubcommunityPicker } from "./SubcommunityPicker";

/** The title-bar entry the server declares as `SubcommunityPicker`. */
export function registerSubcommunityPicker(): void {
  registerComponent("SubcommunityPicker", SubcommunityPicker);
}
