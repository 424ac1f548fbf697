import type { DashboardSectionDeclaration } from "@library/server/dashboard/dashboardSections";

/** The dashboard's own sections (the wave's other features add theirs through the registrar). */
export const CORE_DASHBOARD_SECTIONS: DashboardSectionDeclaration[] = [
  {
    key: "home",
    path: "",
    label: "Dashboard",
    group: "Site",
    component: "DashboardHome",
    permission: "site.manage",
    sort: 0,
  },
  {
    key: "addons",
    path: "addons",
    label: "Addons",
    group: "Site",
    component: "AddonsSection",
    permission: "site.manage",
    sort: 10,
  },
  {
    key: "roles",
    path: "roles",
    label: "Roles & Permissions",
    group: "Members",
    component: "RolesSection",
    permission: "site.manage",
    sort: 30,
  },
  {
    key: "audit-log",
    path: "audit-log",
    label: "Audit Log",
    group: "Moderation",
    component: "AuditLogSection",
    permission: "site.manage",
    sort: 50,
  },
  {
    key: "mail",
    path: "mail",
    label: "Mail Outbox",
    group: "Operations",
    component: "MailOutboxSection",
    permission: "site.manage",
    sort: 80,
  },
  {
    key: "jobs",
    path: "jobs",
    label: "Jobs",
    group: "Operations",
    component: "JobsSection",
    permission: "site.manage",
    sort: 90,
  },
];
