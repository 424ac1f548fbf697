import "../../api/searchWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import { html } from "@library/server/pages/html";
import { searchQueryParam, USE_NEW_SEARCH_PAGE_SETTING } from "../../api/searchConstants";

/**
 * A search box on every discussion page that searches that discussion's posts only. A plain GET form: the server
 * writes it (no script to fetch); the single-page app renders the DiscussionSearch component.
 */
export function registerDiscussionSearchWidget(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "DiscussionSearch",
    props: ({ discussion, app }) => ({
      discussionID: discussion.discussionID,
      queryParam: searchQueryParam(app.settings.peek<boolean>(USE_NEW_SEARCH_PAGE_SETTING) !== false),
    }),
    sort: 100,
    html: ({ discussionID, queryParam = "query" }, { t }) => {
      const id = `discussionSearch-${discussionID}`;
      return html`<form class="discussionSearch" role="search" method="get" action="/search"><label class="sr-only" for="${id}">${t("Search this discussion")}</label><input id="${id}" class="discussionSearch-input" type="search" name="${queryParam}" required placeholder="${t("Search this discussion")}" /><input type="hidden" name="discussionID" value="${String(discussionID)}" /><button type="submit" class="button discussionSearch-submit">${t("Search")}</button></form>`;
    },
  });
}
