import { registerComponent } from "@library/src/registry/componentRegistry";
import { DiscussionSearch } from "../discussion/DiscussionSearch";
import { enhanceHeroSearch } from "./heroSearch";
import { SearchPage } from "./SearchPage";
import { TitleBarSearchBox } from "./TitleBarSearchBox";

/** The search page widget, the title bar's search box and the hero's search bar. */
export function registerSearchWidgets(): void {
  registerComponent("SearchPage", SearchPage);
  registerComponent("TitleBarSearchBox", TitleBarSearchBox);
  registerComponent("DiscussionSearch", DiscussionSearch);
  enhanceHeroSearch();
}
