import { hasProfile } from "@forum/api/guest";
import type { UserFragment } from "@forum/api/users";
import { formatText, type Translate } from "@library/server/i18n/translate";
import { html, raw, widget, type SafeHtml } from "@library/server/pages/html";
import type { Viewer } from "@library/server/permissions/viewer";

// Dates are written by the library, for add-ons' pages too.
export { fullDate, shortDate, timeTag } from "@library/server/pages/dateTags";
import { canViewProfileCards } from "@library/server/users/userProfiles";

/** The user's photo (generic avatar when missing; the page script also swaps in the avatar on load errors). */
export function userPhoto(
  user: Pick<UserFragment, "name" | "photoUrl"> | undefined,
  size: "small" | "medium" = "medium",
): SafeHtml {
  const pixels = size === "small" ? 28 : 40;
  return html`<img class="userPhoto userPhoto-${size}" src="${user?.photoUrl ?? ""}" alt="" width="${pixels}" height="${pixels}" loading="lazy">`;
}

/** Who is looking at the page: decides whether names open the profile card (SPEC 6). */
export type NameViewer = Pick<Viewer, "has">;

/**
 * An author's name. Viewers who may read profiles (profiles.view or users.add/edit/delete) get a link to the
 * profile that also opens the profile card (`data-usercard`, handled by the page script); others get plain text.
 * A placeholder ('Unknown', 'User Deleted': SPEC 3) has no profile and is always plain text.
 */
export function userLink(user: UserFragment | undefined, t: Translate, viewer: NameViewer): SafeHtml {
  if (!user) return html`<span class="userName">${t("Unknown")}</span>`;
  if (!hasProfile(user)) return html`<span class="userName">${t(user.name)}</span>`;
  if (user.userID <= 0 || !canViewProfileCards(viewer))
    return html`<span class="userName" dir="auto">${user.name}</span>`;
  return html`<a class="userName" href="${user.url}" data-usercard="${user.userID}" dir="auto">${user.name}</a>`;
}

/** The author's title, staff role and label (a rank, sanitised HTML) beside their name on a post. */
export function authorExtras(user: UserFragment | undefined): SafeHtml {
  if (!user) return html``;
  return html`${user.roleBadge ? html`<span class="metaBadge post-roleBadge">${user.roleBadge}</span>` : ""}${user.labelHtml ? html`<span class="post-authorLabel">${raw(user.labelHtml)}</span>` : ""}${user.title ? html`<span class="post-authorTitle">${user.title}</span>` : ""}`;
}

/** Breadcrumbs with the ' › ' separator (SPEC 2); the last one is the current page. */
export function breadcrumbs(crumbs: { name: string; url: string }[], t: Translate): SafeHtml {
  if (crumbs.length === 0) return html``;
  const items = crumbs.map((crumb, index) => {
    const last = index === crumbs.length - 1;
    return html`<li class="breadcrumbs-item">${last ? html`<span aria-current="page" dir="auto">${crumb.name}</span>` : html`<a href="${crumb.url}" dir="auto">${crumb.name}</a><span class="breadcrumbs-separator" aria-hidden="true">›</span>`}</li>`;
  });
  return html`<nav class="breadcrumbs" aria-label="${t("Breadcrumb")}"><ol class="breadcrumbs-list">${items}</ol></nav>`;
}

/** `${base}/p${n}` (page 1 is the base URL itself), keeping the query string. */
export function pageUrl(baseUrl: string, page: number, query = ""): string {
  return `${page > 1 ? `${baseUrl}/p${page}` : baseUrl}${query}`;
}

/** The pager readers see without JavaScript: the range and plain Previous/Next links. */
export function pagerLinks(
  page: number,
  limit: number,
  total: number,
  baseUrl: string,
  t: Translate,
  query = "",
): SafeHtml {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const first = Math.min(total, (page - 1) * limit + 1);
  const last = Math.min(total, page * limit);
  return html`<nav class="pager" aria-label="${t("Pagination")}">
    <span class="pager-range"
      >${formatText(t("{first} - {last} of {total}"), { first, last, total: total.toLocaleString("en-US") })}</span
    >
    ${page > 1 ? html`<a class="pager-link" rel="prev" href="${pageUrl(baseUrl, page - 1, query)}">${t("Previous Page")}</a>` : ""}
    ${page < pageCount ? html`<a class="pager-link" rel="next" href="${pageUrl(baseUrl, page + 1, query)}">${t("Next Page")}</a>` : ""}
  </nav>`;
}

/** Whether a list of `total` items needs a pager on `page`. */
export function needsPager(page: number, limit: number, total: number): boolean {
  return total > limit || page > 1;
}

/**
 * The pager: plain Previous/Next links and the range text for readers without JavaScript, replaced by the
 * interactive `DiscussionPager` widget (jump form) when the page script runs.
 */
export function pager(
  page: number,
  limit: number,
  total: number,
  baseUrl: string,
  t: Translate,
  query = "",
): SafeHtml {
  if (!needsPager(page, limit, total)) return html``;
  return widget(
    "div",
    "DiscussionPager",
    { page, limit, total, baseUrl, query },
    pagerLinks(page, limit, total, baseUrl, t, query),
    { class: "pagerWidget" },
  );
}

/** A post body: HTML rendered and sanitised when it was written. */
export function postBody(body: string | undefined): SafeHtml {
  return html`<div class="userContent" dir="auto">${raw(body ?? "")}</div>`;
}

export function commentHeading(count: number, t: Translate): SafeHtml {
  return html`<h2 class="commentList-title">${count.toLocaleString("en-US")} ${count === 1 ? t("Comment") : t("Comments")}</h2>`;
}
