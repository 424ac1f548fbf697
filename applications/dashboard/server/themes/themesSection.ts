import type { DashboardSectionDeclaration } from "@library/server/dashboard/dashboardSections";

/** Dashboard › Appearance › Themes: the themes, their editor, preview and revisions. */
export const THEMES_DASHBOARD_SECTION: DashboardSectionDeclaration = {
  key: "themes",
  path: "appearance/style-guides",
  label: "Themes",
  group: "Appearance",
  component: "ThemesSection",
  permission: "site.manage",
  sort: 15,
};
