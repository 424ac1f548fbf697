import { pageIsForMember } from "@library/src/bootstrap/bootstrap";
import { registerLazyComponent } from "@library/src/registry/componentRegistry";

/** Register the discussion page's `ReactionsBar` (one per post) and `BookmarkToggle` (header) widgets, lazily. */
export function registerReactionWidgets(): void {
  // A member's page fetches the reacting bar together with the reading one (no second wait).
  registerLazyComponent("ReactionsBar", () =>
    import("./ReactionsBar").then(async (module) => {
      if (pageIsForMember()) await module.preloadMemberReactionsBar();
      return module.ReactionsBar;
    }),
  );
  registerLazyComponent("BookmarkToggle", () =>
    import("../bookmarks/BookmarkToggle").then((module) => module.BookmarkToggle),
  );
}
