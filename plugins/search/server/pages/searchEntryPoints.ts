import "../../api/searchWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import { html } from "@library/server/pages/html";

/** The search page, where the title bar's and the hero's search forms go. */
const SEARCH_PAGE = "/search";

/**
 * The ways into search on every page: the title bar's search button (the autocomplete box once the client entry
 * registers it, a plain GET form before) and the home page hero's search bar. Both go with the add-on.
 */
export function registerSearchEntryPoints(registrar: AddonRegistrar): void {
  registrar.titleBarItem({
    key: "search",
    label: "Search",
    href: SEARCH_PAGE,
    component: "TitleBarSearchBox",
    membersOnly: false,
    placement: "searchBox",
  });
  registrar.pageSlot("home.hero", {
    component: "HeroSearchForm",
    props: () => ({ action: SEARCH_PAGE }),
    html: ({ action }, { t }) =>
      html`<form class="heroBanner-search" role="search" method="get" action="${action}">
        <label class="sr-only" for="heroBanner-query">${t("Search")}</label>
        <input
          id="heroBanner-query"
          class="heroBanner-input"
          type="search"
          name="query"
          placeholder="${t("Search")}"
        />
        <button class="button button-primary heroBanner-submit" type="submit">${t("Search")}</button>
      </form>`,
  });
}
