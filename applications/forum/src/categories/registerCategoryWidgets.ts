import { registerLazyComponent } from "@library/src/registry/componentRegistry";

/** Widgets of the category pages that server pages and the single-page app share (lazy chunks). */
export function registerCategoryWidgets(): void {
  registerLazyComponent("CategoryFollowButton", () =>
    import("./CategoryFollowButton").then((module) => module.CategoryFollowButton),
  );
}
