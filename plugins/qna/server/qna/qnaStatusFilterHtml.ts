import type { WidgetPropsMap } from "@forum/api/widgetProps";
import { html, type SafeHtml } from "@library/server/pages/html";
import { QNA_FILTER_STATUSES, qnaFilterUrl } from "../../api/qnaStatusFilter";

function filterLink(href: string, label: string, current: boolean): SafeHtml {
  return html`<li>
    <a class="qnaFilter-link" href="${href}"${current ? html` aria-current="page"` : ""}>${label}</a>
  </li>`;
}

/** The server page's 'Questions' filter (the same markup as the client's QnaStatusFilter), no script needed. */
export function qnaStatusFilterHtml(
  { listUrl, current }: WidgetPropsMap["QnaStatusFilter"],
  t: (text: string) => string,
): SafeHtml {
  return html`<nav class="qnaFilter" aria-label="${t("Questions")}">
    <span class="qnaFilter-label">${t("Questions")}</span>
    <ul class="qnaFilter-links">
      ${filterLink(listUrl, t("All"), current === null)}
      ${QNA_FILTER_STATUSES.map(({ status, label }) =>
        filterLink(qnaFilterUrl(listUrl, status), t(label), current === status),
      )}
    </ul>
  </nav>`;
}
