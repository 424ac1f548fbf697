import { PAGED_IN_WIDGET_STATE } from "@library/src/layouts/layoutRouteElements";
import { useEffect, useId, useMemo, useState } from "react";
import { useInRouterContext, useLocation, useNavigate } from "react-router";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { LoadStatus, dataOf, errorOf } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Pager } from "@library/src/ui/Pager/Pager";
import type { Discussion } from "@forum/api/discussions";
import type { DiscussionListPage } from "@applications/forum/src/layouts/discussionListApi";
import {
  discussionListQueryHash,
  pageFromSearch,
  searchWithPage,
  withPage,
} from "@applications/forum/src/layouts/discussionListQuery";
import {
  fetchDiscussionList,
  selectDiscussionList,
} from "@applications/forum/src/layouts/discussionListSlice";
import { DiscussionListItem } from "@applications/forum/src/layouts/DiscussionListItem";
import { DiscussionListTabs } from "@applications/forum/src/layouts/DiscussionListTabs";
import { BulkActionsHost } from "@applications/forum/src/bulk/BulkActionsHost";
import { BulkSelectCheckbox } from "@applications/forum/src/bulk/BulkSelectCheckbox";
import { useBulkChanges } from "@applications/forum/src/bulk/useBulkChanges";
import { useLoadedPermissions } from "@applications/forum/src/bulk/useLoadedPermissions";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/DiscussionListModule.css";

export type DiscussionListModuleProps = RenderedWidgetProps<"DiscussionListModule">;

interface DiscussionListViewProps extends DiscussionListModuleProps {
  /** The page to show; the layout's own page needs no request. */
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * A list of discussions with the pager under it. The layout hydrates the first page; other pages are fetched
 * with the same query and kept in the widget's slice, so paging never refetches the layout. The page is in the
 * address (`?page=n`) so Back and reload land on it.
 */
export function DiscussionListModule(props: DiscussionListModuleProps) {
  return useInRouterContext() ? <RoutedDiscussionList {...props} /> : <StandaloneDiscussionList {...props} />;
}

/**
 * Navigation state marking a page change the widget handles itself, so the layout route can keep the layout it
 * has instead of fetching it again for the new query string.
 */
export const PAGED_IN_WIDGET = { [PAGED_IN_WIDGET_STATE]: true } as const;

/** In the single-page app the address is the state: `?page=n` pushed with navigate, Back returns. */
function RoutedDiscussionList(props: DiscussionListModuleProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const page = pageFromSearch(location.search) ?? props.paging.page;
  const changePage = (next: number) => {
    void navigate(
      { search: searchWithPage(location.search, next) },
      { replace: false, state: PAGED_IN_WIDGET },
    );
  };
  return <DiscussionListView {...props} page={page} onPageChange={changePage} />;
}

/** Mounted on a server-rendered page (no router): the page lives here and the address follows it. */
function StandaloneDiscussionList(props: DiscussionListModuleProps) {
  const [page, setPage] = useState(props.paging.page);
  const changePage = (next: number) => {
    setPage(next);
    const { pathname, search, hash } = window.location;
    window.history.pushState(window.history.state, "", `${pathname}${searchWithPage(search, next)}${hash}`);
  };
  return <DiscussionListView {...props} page={page} onPageChange={changePage} />;
}

const NO_DISCUSSIONS: Discussion[] = [];
const PROFILE_PERMISSIONS = ["profiles.view", "users.add", "users.edit", "users.delete"];

function DiscussionListView({
  title,
  newDiscussionUrl,
  discussions,
  apiParams,
  paging,
  page,
  onPageChange,
  filters,
  listUrl,
}: DiscussionListViewProps) {
  const dispatch = useAppDispatch();
  const headingID = useId();
  const isLayoutPage = page === paging.page;
  const query = useMemo(() => withPage(apiParams, page), [discussionListQueryHash(apiParams), page]);
  const stored = useAppSelector((state) => selectDiscussionList(state, query));

  useEffect(() => {
    if (!isLayoutPage) void dispatch(fetchDiscussionList(query));
  }, [query, isLayoutPage]);

  const layoutList: DiscussionListPage = {
    discussions,
    paging: {
      currentPage: paging.page,
      limit: paging.limit,
      ...(paging.total !== undefined && { total: paging.total }),
    },
  };
  const list = isLayoutPage ? layoutList : dataOf(stored);
  // Bulk actions (SPEC 4): moved, closed, merged and deleted discussions change here at once.
  const shown = useBulkChanges(list?.discussions ?? NO_DISCUSSIONS);
  // Names open the profile card for viewers who may read profiles (SPEC 6), as on the server's lists.
  const profileCards = useLoadedPermissions()(PROFILE_PERMISSIONS);
  const error = isLayoutPage ? undefined : errorOf(stored);
  const isLoading =
    !isLayoutPage && stored.status !== LoadStatus.SUCCESS && stored.status !== LoadStatus.ERROR;

  const limit = list?.paging.limit || paging.limit;
  const total = list?.paging.total ?? paging.total;
  const hasMorePages =
    total === undefined && list !== undefined
      ? Boolean(list.paging.nextURL) || list.discussions.length >= limit
      : false;
  const showPager = page > 1 || hasMorePages || (total !== undefined && total > limit);

  return (
    <section className="discussionListModule" aria-labelledby={title ? headingID : undefined}>
      {title ? (
        <div className="discussionListModule-header">
          <h2 className="widget-title" id={headingID}>
            {title}
          </h2>
          {newDiscussionUrl ? (
            <a className="button button-primary" href={siteUrl(newDiscussionUrl)}>
              {t("New Discussion")}
            </a>
          ) : null}
        </div>
      ) : null}
      {filters ? <DiscussionListTabs filters={filters} listUrl={listUrl} /> : null}
      {error ? (
        <p className="widget-error" role="alert">
          {error.message}
        </p>
      ) : null}
      {isLoading && !list ? <Loader size="medium" /> : null}
      {list && shown.length === 0 ? <p className="emptyMessage">{t("No discussions were found.")}</p> : null}
      {list && shown.length > 0 ? (
        <ul className="discussionList" aria-busy={isLoading || undefined}>
          {shown.map((discussion) => (
            <DiscussionListItem
              key={discussion.discussionID}
              discussion={discussion}
              selectControl={<BulkSelectCheckbox discussion={discussion} />}
              profileCards={profileCards}
            />
          ))}
        </ul>
      ) : null}
      {showPager ? (
        <div className="discussionListModule-pager">
          <Pager
            page={page}
            limit={limit}
            {...(total !== undefined && { total })}
            hasMorePages={hasMorePages}
            onChange={onPageChange}
          />
        </div>
      ) : null}
      <BulkActionsHost />
    </section>
  );
}
