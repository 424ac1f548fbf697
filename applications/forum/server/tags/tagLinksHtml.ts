import type { TagFragment } from "@forum/api/tags";
import type { Translate } from "@library/server/i18n/translate";
import { html, type SafeHtml } from "@library/server/pages/html";
import { tagPagePath } from "./tagNames";

/** A discussion's tags as links to their tag pages (the discussion page meta and each list row). */
export function tagLinksHtml(tags: readonly TagFragment[] | undefined, t: Translate): SafeHtml {
  if (!tags || tags.length === 0) return html``;
  return html`<ul class="tagLinks" aria-label="${t("Tags")}">${tags.map(
    (tag) => html`<li><a class="tagLink" href="${tagPagePath(tag.tagID)}">${tag.name}</a></li>`,
  )}</ul>`;
}
