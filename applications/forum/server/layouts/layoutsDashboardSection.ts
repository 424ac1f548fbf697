import type { DashboardSectionDeclaration } from "@library/server/dashboard/dashboardSections";

/** The layout editor in the dashboard (Appearance › Layouts). */
export const LAYOUTS_DASHBOARD_SECTION: DashboardSectionDeclaration = {
  key: "layouts",
  path: "appearance/layouts",
  label: "Layouts",
  group: "Appearance",
  component: "LayoutsSection",
  permission: "site.manage",
  sort: 62,
};
