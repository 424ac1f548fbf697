import type { Discussion } from "@forum/api/discussions";
import type { DiscussionListFilters } from "@forum/api/widgetProps";
import { formatNumberIn, pluralText } from "@library/server/i18n/readerFormats";
import { type Translate } from "@library/server/i18n/translate";
import { html, widget, type SafeHtml } from "@library/server/pages/html";
import { firstUnreadPath } from "../readState/readStatePages";
import { tagLinksHtml } from "../tags/tagLinksHtml";
import { timeTag, userLink, userPhoto, type NameViewer } from "./fragments";

/** The SPEC 9 discussion sorts as tabs, default first. */
export const DISCUSSION_SORT_TABS = [
  ["-dateLastComment", "Recent"],
  ["-dateInserted", "Newest"],
  ["-score", "Top"],
  ["-hot", "Hot"],
  ["dateInserted", "Oldest"],
] as const;

export const READ_STATE_TABS = [
  [undefined, "All"],
  ["unread", "Unread"],
  ["new", "New"],
] as const;

/** "1 comment", "1 234 commentaires": the count in the reader's digits, the noun (a plural message) in its form. */
function countLabel(count: number, noun: string, t: Translate): string {
  return `${formatNumberIn(t.locale, count)} ${pluralText(noun, count, t)}`;
}

/** Never opened by the member: the whole thread is new to them. */
export function isNewToMember(discussion: Discussion): boolean {
  return discussion.unread && !discussion.dateLastViewed;
}

/** Where a list row's title leads: the first unread comment for a returning member, else the discussion. */
export function listItemHref(discussion: Discussion): string {
  return discussion.dateLastViewed && (discussion.countUnread ?? 0) > 0
    ? firstUnreadPath(discussion.discussionID)
    : discussion.url;
}

function unreadBadge(discussion: Discussion, t: Translate): SafeHtml | string {
  if (isNewToMember(discussion)) return html`<span class="unreadBadge unreadBadge-new">${t("New")}</span>`;
  const count = discussion.countUnread ?? 0;
  if (!discussion.unread || count <= 0) return "";
  return html`<span class="unreadBadge">${pluralText(t("{count, plural, one {# new} other {# new}}"), count, t)}</span>`;
}

function statusBadges(discussion: Discussion, t: Translate): SafeHtml[] {
  return [
    ...(discussion.pinned
      ? [html`<span class="metaBadge metaBadge-announcement">${t("Announcement")}</span>`]
      : []),
    ...(discussion.closed ? [html`<span class="metaBadge metaBadge-closed">${t("Closed")}</span>`] : []),
    ...(discussion.resolved
      ? [html`<span class="metaBadge metaBadge-resolved">${t("Resolved")}</span>`]
      : []),
  ];
}

/** "Most recent by Ana 3 hours ago" once someone has replied, else just when it started. */
function lastActivity(discussion: Discussion, t: Translate, viewer: NameViewer): SafeHtml {
  const date = timeTag(discussion.dateLastComment ?? discussion.dateInserted);
  if (discussion.countComments === 0 || !discussion.lastUser)
    return html`<span class="discussionList-last">${date}</span>`;
  return html`<span class="discussionList-last">${t("Most recent by")} ${userLink(discussion.lastUser, t, viewer)} ${date}</span>`;
}

/** One row of a discussion list, readable and fully linked without JavaScript. */
export function discussionListItem(discussion: Discussion, t: Translate, viewer: NameViewer): SafeHtml {
  const unread = discussion.unread ? " isUnread" : "";
  return html`<li class="discussionList-item${unread}${discussion.pinned ? " isAnnouncement" : ""}">
    ${userPhoto(discussion.insertUser)}
    <div class="discussionList-main">
      <h3 class="discussionList-title"><a href="${listItemHref(discussion)}" dir="auto">${discussion.name}</a>${unreadBadge(discussion, t)}</h3>
      <div class="discussionList-meta">
        ${statusBadges(discussion, t)}
        <span class="discussionList-author">${t("Started by")} ${userLink(discussion.insertUser, t, viewer)}</span>
        ${discussion.category ? html`<span><a class="discussionList-category" href="${discussion.category.url}" dir="auto">${discussion.category.name}</a></span>` : ""}
        <span>${countLabel(discussion.countComments, t("{count, plural, one {comment} other {comments}}"), t)}</span>
        <span>${countLabel(discussion.countViews, t("{count, plural, one {view} other {views}}"), t)}</span>
        ${lastActivity(discussion, t, viewer)}
        ${tagLinksHtml(discussion.tags, t)}
      </div>
    </div>
  </li>`;
}

export function discussionList(discussions: Discussion[], t: Translate, viewer: NameViewer): SafeHtml {
  if (discussions.length === 0) return html`<p class="emptyMessage">${t("No discussions were found.")}</p>`;
  return html`<ul class="discussionList">${discussions.map((discussion) => discussionListItem(discussion, t, viewer))}</ul>`;
}

/** `?sort=…&readState=…` without the defaults. */
export function listQuery(filters: Pick<DiscussionListFilters, "sort" | "readState">): string {
  const params = new URLSearchParams();
  if (filters.sort !== "-dateLastComment") params.set("sort", filters.sort);
  if (filters.readState) params.set("readState", filters.readState);
  const query = params.toString();
  return query ? `?${query}` : "";
}

function tab(label: string, href: string, current: boolean): SafeHtml {
  return html`<li><a class="listTabs-tab" href="${href}"${current ? html` aria-current="page"` : ""}>${label}</a></li>`;
}

/** Sort tabs, then (members) All / Unread / New and the mark-read button: links, so they work without script. */
export function listFilterTabs(filters: DiscussionListFilters, listUrl: string, t: Translate): SafeHtml {
  const sorts = DISCUSSION_SORT_TABS.map(([sort, label]) =>
    tab(t(label), `${listUrl}${listQuery({ sort, readState: filters.readState })}`, sort === filters.sort),
  );
  const readStates = filters.signedIn
    ? READ_STATE_TABS.map(([readState, label]) =>
        tab(
          t(label),
          `${listUrl}${listQuery({ sort: filters.sort, readState })}`,
          readState === filters.readState,
        ),
      )
    : [];
  const markRead = filters.signedIn
    ? widget(
        "span",
        "MarkReadButton",
        filters.categoryID !== undefined ? { categoryID: filters.categoryID } : {},
        html``,
        { class: "markReadWidget" },
      )
    : "";
  return html`<div class="listTabs">
    <nav class="listTabs-group" aria-label="${t("Sort discussions")}"><ul class="listTabs-list">${sorts}</ul></nav>
    ${readStates.length > 0 ? html`<nav class="listTabs-group" aria-label="${t("Filter discussions")}"><ul class="listTabs-list">${readStates}</ul></nav>` : ""}
    ${markRead}
  </div>`;
}
