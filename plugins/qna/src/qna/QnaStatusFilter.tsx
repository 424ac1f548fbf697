import "../../api/qnaWidgets";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { QNA_FILTER_STATUSES, qnaFilterUrl } from "../../api/qnaStatusFilter";
import "./qnaFilter.css";

/** Above a discussion list: all of it, or its questions of one status (the server page writes the same markup). */
export function QnaStatusFilter({ listUrl, current }: RenderedWidgetProps<"QnaStatusFilter">) {
  const links = [
    { key: "all", href: listUrl, label: t("All"), isCurrent: current === null },
    ...QNA_FILTER_STATUSES.map(({ status, label }) => ({
      key: status,
      href: qnaFilterUrl(listUrl, status),
      label: t(label),
      isCurrent: current === status,
    })),
  ];
  return (
    <nav className="qnaFilter" aria-label={t("Questions")}>
      <span className="qnaFilter-label">{t("Questions")}</span>
      <ul className="qnaFilter-links">
        {links.map((link) => (
          <li key={link.key}>
            <a
              className="qnaFilter-link"
              href={link.href}
              {...(link.isCurrent ? { "aria-current": "page" as const } : {})}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
