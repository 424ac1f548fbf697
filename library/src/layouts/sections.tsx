import type { ReactNode } from "react";
import { t } from "@library/src/i18n/translate";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import "@library/src/layouts/layouts.css";

/** One column: the middle column, centred (SPEC 9: middle column 672, narrow content 900). */
export function SectionOneColumn({ children, isNarrow }: { children?: ReactNode; isNarrow?: boolean }) {
  return (
    <section
      className={
        isNarrow ? "layoutSection layoutSection-oneColumn isNarrow" : "layoutSection layoutSection-oneColumn"
      }
    >
      {children}
    </section>
  );
}

/** Main column and a secondary panel (two columns from 1200 px, stacked below). */
export function SectionTwoColumns({
  mainBottom,
  secondaryBottom,
  breadcrumbs,
}: {
  mainBottom?: ReactNode;
  secondaryBottom?: ReactNode;
  breadcrumbs?: ReactNode;
}) {
  return (
    <section className="layoutSection layoutSection-twoColumns">
      {breadcrumbs ? <div className="layoutSection-breadcrumbs">{breadcrumbs}</div> : null}
      <div className="layoutSection-main">{mainBottom}</div>
      <aside className="layoutSection-secondary" aria-label={t("Sidebar")}>
        {secondaryBottom}
      </aside>
    </section>
  );
}

export function SectionFullWidth({ children }: { children?: ReactNode }) {
  return <section className="layoutSection layoutSection-fullWidth">{children}</section>;
}

export interface Crumb {
  name: string;
  url: string;
}

/** Breadcrumbs with the ' › ' separator (SPEC 2); the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t("Breadcrumb")}>
      <ol className="breadcrumbs-list">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.url}-${index}`} className="breadcrumbs-item">
              {last ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <a href={siteUrl(crumb.url)}>{crumb.name}</a>
              )}
              {last ? null : (
                <span className="breadcrumbs-separator" aria-hidden="true">
                  {" › "}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
