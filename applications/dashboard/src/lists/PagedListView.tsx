import type { ReactNode } from "react";
import { LoadStatus, dataOf, errorOf, type Loadable } from "@library/src/loadable/loadable";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Pager } from "@library/src/ui/Pager/Pager";
import { SectionError } from "../shell/SectionError";
import type { PagedRows } from "./pagedListSlice";

interface PagedListViewProps<T> {
  list: Loadable<PagedRows<T>>;
  reload: () => void;
  onPageChange: (page: number) => void;
  /** Shown when the page has no rows. */
  emptyText: string;
  children: (rows: T[]) => ReactNode;
}

/** Loading, error (with Retry), empty and loaded states of one admin list page, with the pager under it. */
export function PagedListView<T>({ list, reload, onPageChange, emptyText, children }: PagedListViewProps<T>) {
  const data = dataOf(list);
  const error = errorOf(list);
  if (error && !data) return <SectionError error={error} onRetry={reload} />;
  if (!data) return <Loader />;
  const { rows, paging } = data;
  return (
    <div aria-busy={list.status === LoadStatus.LOADING || undefined}>
      {error && <SectionError error={error} onRetry={reload} />}
      {rows.length === 0 ? <p className="dashboardEmpty">{emptyText}</p> : children(rows)}
      {(paging.total ?? rows.length) > paging.limit && (
        <Pager
          page={paging.currentPage}
          limit={paging.limit}
          {...(paging.total !== undefined ? { total: paging.total } : {})}
          hasMorePages={paging.nextURL !== undefined && paging.total === undefined}
          onChange={onPageChange}
        />
      )}
    </div>
  );
}
