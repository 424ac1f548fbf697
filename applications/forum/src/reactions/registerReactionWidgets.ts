import { registerLazyComponent } from "@library/src/registry/componentRegistry";

/** Register the discussion page's `ReactionsBar` (one per post) and `BookmarkToggle` (header) widgets, lazily. */
export function registerReactionWidgets(): void {
  registerLazyComponent("ReactionsBar", () => import("./ReactionsBar").then((module) => module.ReactionsBar));
  registerLazyComponent("BookmarkToggle", () =>
    import("../bookmarks/BookmarkToggle").then((module) => module.BookmarkToggle),
  );
}
