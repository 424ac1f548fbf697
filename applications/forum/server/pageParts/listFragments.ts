import type { Category } from "@forum/api/categories";
import { formatNumberIn, pluralText } from "@library/server/i18n/readerFormats";
import type { Translate } from "@library/server/i18n/translate";
import { html, type SafeHtml } from "@library/server/pages/html";

function counts(category: Category, t: Translate): SafeHtml {
  const discussions = category.countAllDiscussions;
  const comments = category.countAllComments;
  return html`<span class="categoryList-counts">${formatNumberIn(t.locale, discussions)} ${pluralText(
    t("{count, plural, one {discussion} other {discussions}}"),
    discussions,
    t,
  )} · ${formatNumberIn(t.locale, comments)} ${pluralText(t("{count, plural, one {comment} other {comments}}"), comments, t)}</span>`;
}

function categoryItem(category: Category, t: Translate): SafeHtml {
  const children = category.children ?? [];
  return html`<li class="categoryList-item">
    <div class="categoryList-main">
      <h3 class="categoryList-title"><a href="${category.url}" dir="auto">${category.name}</a></h3>
      ${category.description ? html`<p class="categoryList-description">${category.description}</p>` : ""}
      ${counts(category, t)}
      ${
        children.length > 0
          ? html`<ul class="categoryList-children">${children.map((child) => html`<li><a href="${child.url}" dir="auto">${child.name}</a></li>`)}</ul>`
          : ""
      }
    </div>
  </li>`;
}

/** The category tree as a list: top-level categories with their sub-categories linked under them. */
export function categoryList(categories: Category[], t: Translate): SafeHtml {
  if (categories.length === 0) return html`<p class="emptyMessage">${t("No categories were found.")}</p>`;
  return html`<ul class="categoryList">${categories.map((category) => categoryItem(category, t))}</ul>`;
}

/** 'New Discussion' leading to `href` (`/post/discussion[/{categoryID}]`). */
export function newDiscussionButton(href: string, t: Translate): SafeHtml {
  return html`<a class="button button-primary newDiscussionButton" href="${href}">${t("New Discussion")}</a>`;
}

/** The new-discussion form's address, in a category or anywhere. */
export function newDiscussionPath(categoryID: number | null): string {
  return categoryID ? `/post/discussion/${categoryID}` : "/post/discussion";
}

/**
 * Where a list's 'New Discussion' leads: the form for members who may post, sign-in (then the form) for guests,
 * nowhere (no button) for members who may not post there.
 */
export function newDiscussionUrl(
  viewer: { isGuest: boolean },
  canPost: boolean,
  categoryID: number | null,
): string | undefined {
  const path = newDiscussionPath(categoryID);
  if (canPost) return path;
  return viewer.isGuest ? `/entry/signin?Target=${encodeURIComponent(path)}` : undefined;
}
