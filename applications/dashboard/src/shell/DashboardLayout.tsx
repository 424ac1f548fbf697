import type { DashboardSection } from "@forum/api/dashboard";
import { NavLink, Outlet } from "react-router";
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

/** The dashboard frame: the sections by group on the left, the open section on the right. */
export function DashboardLayout({ sections }: { sections: readonly DashboardSection[] }) {
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
      <div className="dashboardMain">
        <Outlet />
      </div>
    </div>
  );
}
