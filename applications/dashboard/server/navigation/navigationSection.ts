import type { DashboardSectionDeclaration } from "@library/server/dashboard/dashboardSections";

/** Dashboard › Appearance › Navigation: the title bar's items per language and its look. */
export const NAVIGATION_DASHBOARD_SECTION: DashboardSectionDeclaration = {
  key: "navigation",
  path: "appearance/navigation",
  label: "Navigation",
  group: "Appearance",
  component: "NavigationSection",
  permission: "site.manage",
  sort: 16,
};
