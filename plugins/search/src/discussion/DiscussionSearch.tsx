import "../../api/searchWidgets";
import { useId } from "react";
import { getConfig, siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { USE_NEW_SEARCH_PAGE_SETTING, searchQueryParam } from "../../api/searchConstants";

/** 'Search this discussion': the search page limited to this discussion's posts (`discussionID`). */
export function DiscussionSearch({
  discussionID,
  queryParam: given,
}: RenderedWidgetProps<"DiscussionSearch">) {
  const id = useId();
  const queryParam = given ?? searchQueryParam(getConfig<boolean>(USE_NEW_SEARCH_PAGE_SETTING, true));
  return (
    <form className="discussionSearch" role="search" method="get" action={siteUrl("/search")}>
      <label className="sr-only" htmlFor={`${id}-query`}>
        {t("Search this discussion")}
      </label>
      <input
        id={`${id}-query`}
        className="discussionSearch-input"
        type="search"
        name={queryParam}
        required
        placeholder={t("Search this discussion")}
      />
      <input type="hidden" name="discussionID" value={String(discussionID)} />
      <button type="submit" className="button discussionSearch-submit">
        {t("Search")}
      </button>
    </form>
  );
}
