import type { ItemsWidgetProps, WidgetItem } from "@forum/api/layoutWidgets";
import type { Translate } from "@library/server/i18n/translate";
import { html, type SafeHtml } from "@library/server/pages/html";
import type { NodeHtmlWriters } from "@library/server/pages/pageTreeHtml";

function itemHtml(item: WidgetItem, withDescription: boolean): SafeHtml {
  return html`<li class="widgetItems-item"><a class="widgetItem widgetItem--title-description" href="${item.url}"><span class="widgetItem-text"><span class="widgetItem-name">${item.name}</span>${
    withDescription && item.description
      ? html`<span class="widgetItem-description">${item.description}</span>`
      : ""
  }${item.meta ? html`<span class="widgetItem-meta">${item.meta}</span>` : ""}</span></a></li>`;
}

/** An items widget for readers without script: its items as a list of links (a carousel too). */
function itemsHtml({ title, items, itemOptions, viewAllUrl }: ItemsWidgetProps, t: Translate): SafeHtml {
  const withDescription = itemOptions.contentType !== "title" && itemOptions.displayType !== "link";
  const body =
    items.length === 0
      ? html`<p class="emptyMessage">${t("Nothing to show yet.")}</p>`
      : html`<ul class="widgetItems widgetItems--list">${items.map((item) => itemHtml(item, withDescription))}</ul>`;
  return html`<section class="itemsWidget"${title ? "" : html` aria-label="${t("Items")}"`}>${
    title ? html`<h2 class="widget-title">${title}</h2>` : ""
  }${body}${
    viewAllUrl && items.length > 0
      ? html`<p class="itemsWidget-more"><a href="${viewAllUrl}">${t("View All")}</a></p>`
      : ""
  }</section>`;
}

/**
 * The widgets and sections of a stored layout (the dashboard's layout editor) as the server writes them: plain
 * HTML a reader without JavaScript sees, the same classes the single-page app's components draw. The banner and
 * a custom fragment need script for their search bar and code: mount points around what shows without it.
 */
export const layoutWidgetHtml: NodeHtmlWriters = {
  SectionFullWidth: {
    html: ({ children }, { renderAll }) =>
      html`<section class="layoutSection layoutSection-fullWidth">${renderAll(children)}</section>`,
  },
  SectionTwoColumns: {
    html: ({ breadcrumbs, mainBottom, secondaryBottom }, { t, render, renderAll }) =>
      html`<section class="layoutSection layoutSection-twoColumns">${
        breadcrumbs ? html`<div class="layoutSection-breadcrumbs">${render(breadcrumbs)}</div>` : ""
      }<div class="layoutSection-main">${renderAll(mainBottom ?? [])}</div><aside class="layoutSection-secondary" aria-label="${t("Sidebar")}">${renderAll(secondaryBottom ?? [])}</aside></section>`,
  },
  SectionThreeColumns: {
    html: ({ leftBottom, middleBottom, rightBottom }, { t, renderAll }) =>
      html`<section class="layoutSection layoutSection-threeColumns"><aside class="layoutSection-left" aria-label="${t("Left panel")}">${renderAll(leftBottom)}</aside><div class="layoutSection-middle">${renderAll(middleBottom)}</div><aside class="layoutSection-right" aria-label="${t("Right panel")}">${renderAll(rightBottom)}</aside></section>`,
  },
  BannerWidget: {
    mount: { attributes: { class: "bannerWidgetMount" } },
    fallback: ({ title, description }, { t }) =>
      html`<section class="heroBanner"><div class="heroBanner-content"><h1 class="heroBanner-title">${
        title || t("How can we help you?")
      }</h1>${description ? html`<p class="heroBanner-description">${description}</p>` : ""}</div></section>`,
  },
  DiscussionsWidget: { html: (props, { t }) => itemsHtml(props, t) },
  LinksWidget: { html: (props, { t }) => itemsHtml(props, t) },
  CustomFragmentWidget: {
    mount: { attributes: { class: "customFragmentMount" } },
    fallback: ({ title }) => (title ? html`<h2 class="widget-title">${title}</h2>` : html``),
  },
};
