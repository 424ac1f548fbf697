import type { DashboardSection } from "@forum/api/dashboard";
import { useEffect, useRef, type RefObject } from "react";
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

/** The dashboard frame: the sections by group on the left, the open section on the right. */
export function DashboardLayout({ sections }: { sections: readonly DashboardSection[] }) {
  const main = useFocusOnSectionChange();
  return (
    <div className="dashboardLayout container">
      <nav className="dashboardNav" aria-label={t("Dashboard")}>
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
      <div className="dashboardMain" ref={main}>
        <Outlet />
      </div>
    </div>
  );
}
