import type { DashboardSection } from "@forum/api/dashboard";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { t } from "@library/src/i18n/translate";
import "./dashboard.css";

function groupSections(sections: readonly DashboardSection[]): [string, DashboardSection[]][] {
  const groups = new Map<string, DashboardSection[]>();
  for (const section of sections) {
    const list = groups.get(section.group) ?? [];
    list.push(section);
    groups.set(section.group, list);
  }
  return [...groups.entries()];
}

/**
 * After an in-app move to another section, the focus goes to its heading, so keyboard and screen reader users
 * carry on in the section they opened (the first page load keeps the browser's own focus).
 */
function useFocusOnSectionChange(): RefObject<HTMLDivElement | null> {
  const { pathname } = useLocation();
  const main = useRef<HTMLDivElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.querySelector<HTMLElement>(".dashboardSection-title")?.focus();
  }, [pathname]);
  return main;
}

/** The section open at `pathname` (the longest path that matches), for the folded navigation's button. */
function currentSection(
  sections: readonly DashboardSection[],
  pathname: string,
): DashboardSection | undefined {
  const rest = pathname.replace(/^\/dashboard\/?/, "");
  return [...sections]
    .filter((section) =>
      section.path === "" ? rest === "" : rest === section.path || rest.startsWith(`${section.path}/`),
    )
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * The dashboard frame: the sections by group on the left, the open section on the right. On a phone the
 * navigation folds behind one button that names the open section; it folds again after a move.
 */
export function DashboardLayout({ sections }: { sections: readonly DashboardSection[] }) {
  const main = useFocusOnSectionChange();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const navID = useId();
  useEffect(() => setNavOpen(false), [pathname]);
  const current = currentSection(sections, pathname);
  return (
    <div className="dashboardLayout container">
      <div>
        <button
          type="button"
          className="dashboardNav-toggle"
          aria-expanded={navOpen}
          aria-controls={navID}
          onClick={() => setNavOpen((open) => !open)}
        >
          <span>{current?.label ?? t("Dashboard")}</span>
          <span className="dashboardNav-toggleHint">{navOpen ? t("Close") : t("All sections")}</span>
        </button>
        <nav
          id={navID}
          className={`dashboardNav${navOpen ? "" : " isCollapsed"}`}
          aria-label={t("Dashboard")}
        >
          {groupSections(sections).map(([group, items]) => (
            <div className="dashboardNav-group" key={group}>
              <h2 className="dashboardNav-heading">{group}</h2>
              <ul className="dashboardNav-list">
                {items.map((section) => (
                  <li key={section.key}>
                    <NavLink
                      className={({ isActive }) => `dashboardNav-link${isActive ? " isActive" : ""}`}
                      to={section.path === "" ? "/dashboard" : `/dashboard/${section.path}`}
                      end={section.path === ""}
                    >
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="dashboardMain" ref={main}>
        <Outlet />
      </div>
    </div>
  );
}
