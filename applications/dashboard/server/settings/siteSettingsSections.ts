import type { DashboardSectionDeclaration } from "@library/server/dashboard/dashboardSections";
import "./siteSettingsDeclarations";

/** One dashboard section per settings screen, under the "Settings" heading (after Home and Addons). */
export const SITE_SETTINGS_SECTIONS: DashboardSectionDeclaration[] = [
  ["general", "General", "GeneralSettingsSection", "community.manage"],
  ["registration", "Registration", "RegistrationSettingsSection", "site.manage"],
  ["posting", "Posting", "PostingSettingsSection", "community.manage"],
  ["email", "Email", "EmailSettingsSection", "site.manage"],
  ["security", "Security", "SecuritySettingsSection", "site.manage"],
].map(([group, label, component, permission], index) => ({
  key: `settings-${group}`,
  path: `settings/${group}`,
  label: label as string,
  group: "Settings",
  component: component as string,
  permission: permission as string,
  sort: 20 + index,
}));
