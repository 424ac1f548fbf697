import { registerComponent } from "@library/src/registry/componentRegistry";
import { BookmarkToggle } from "../bookmarks/BookmarkToggle";
import { ReactionsBar } from "./ReactionsBar";

/** Register the discussion page's `ReactionsBar` (one per post) and `BookmarkToggle` (header) widgets. */
export function registerReactionWidgets(): void {
  registerComponent("ReactionsBar", ReactionsBar);
  registerComponent("BookmarkToggle", BookmarkToggle);
}
