import type { DiscussionSort } from "@forum/api/discussions";
import type { DiscussionListFilters } from "@forum/api/widgetProps";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { MarkReadButton } from "@applications/forum/src/readState/MarkReadButton";
import "@applications/forum/src/layouts/listTabs.css";

/** The SPEC 9 discussion sorts, default first (the server page's tabs, server/pageParts/discussionListFragments.ts). */
const SORT_TABS: readonly (readonly [DiscussionSort, string])[] = [
  ["-dateLastComment", "Recent"],
  ["-dateInserted", "Newest"],
  ["-score", "Top"],
  ["-hot", "Hot"],
  ["dateInserted", "Oldest"],
];

const READ_STATE_TABS: readonly (readonly [DiscussionListFilters["readState"], string])[] = [
  [undefined, "All"],
  ["unread", "Unread"],
  ["new", "New"],
];

/** `?sort=…&readState=…` without the defaults. */
export function listQuery(filters: Pick<DiscussionListFilters, "sort" | "readState">): string {
  const params = new URLSearchParams();
  if (filters.sort !== "-dateLastComment") params.set("sort", filters.sort);
  if (filters.readState) params.set("readState", filters.readState);
  const query = params.toString();
  return query ? `?${query}` : "";
}

function Tab({ label, href, current }: { label: string; href: string; current: boolean }) {
  return (
    <li>
      <a className="listTabs-tab" href={siteUrl(href)} aria-current={current ? "page" : undefined}>
        {label}
      </a>
    </li>
  );
}

/** Sort tabs, then (members) All / Unread / New and the mark-read button. */
export function DiscussionListTabs({
  filters,
  listUrl,
}: {
  filters: DiscussionListFilters;
  listUrl: string;
}) {
  return (
    <div className="listTabs">
      <nav className="listTabs-group" aria-label={t("Sort discussions")}>
        <ul className="listTabs-list">
          {SORT_TABS.map(([sort, label]) => (
            <Tab
              key={sort}
              label={t(label)}
              href={`${listUrl}${listQuery({ sort, readState: filters.readState })}`}
              current={sort === filters.sort}
            />
          ))}
        </ul>
      </nav>
      {filters.signedIn ? (
        <nav className="listTabs-group" aria-label={t("Filter discussions")}>
          <ul className="listTabs-list">
            {READ_STATE_TABS.map(([readState, label]) => (
              <Tab
                key={label}
                label={t(label)}
                href={`${listUrl}${listQuery({ sort: filters.sort, readState })}`}
                current={readState === filters.readState}
              />
            ))}
          </ul>
        </nav>
      ) : null}
      {filters.signedIn ? (
        <span className="markReadWidget">
          <MarkReadButton {...(filters.categoryID !== undefined && { categoryID: filters.categoryID })} />
        </span>
      ) : null}
    </div>
  );
}
