import { registerLazyComponent } from "@library/src/registry/componentRegistry";
import { enhanceHeroSearch } from "./heroSearch";

/**
 * The search page widget, the title bar's search box (fetched when the box opens) and the hero's search bar,
 * each a lazy chunk (docs/lazy-widgets.md).
 */
export function registerSearchWidgets(): void {
  registerLazyComponent("SearchPage", () => import("./SearchPage").then((module) => module.SearchPage));
  registerLazyComponent("TitleBarSearchBox", () =>
    import("./TitleBarSearchBox").then((module) => module.TitleBarSearchBox),
  );
  registerLazyComponent("DiscussionSearch", () =>
    import("../discussion/DiscussionSearch").then((module) => module.DiscussionSearch),
  );
  registerLazyComponent("HeroSearchForm", () =>
    import("./HeroSearchForm").then((module) => module.HeroSearchForm),
  );
  void enhanceHeroSearch();
}
