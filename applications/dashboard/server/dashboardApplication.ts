import type { ServerApplication } from "@library/server/app/serverApplication";
import { adminRoutes } from "./admin/adminRoutes";
import { CORE_DASHBOARD_SECTIONS } from "./admin/coreSections";
import { dashboardAppPages } from "./admin/dashboardAppPages";
import { AUTH_RATE_LIMITS } from "./auth/authRateLimits";
import { authRoutes } from "./auth/authRoutes";
import { backupsRoutes } from "./backups/backupsRoutes";
import { defineScheduledBackupJob } from "./backups/scheduledBackups";
import { dashboardPages } from "./pages/dashboardPages";
import { configRoutes } from "./config/configRoutes";
import { rolesRoutes } from "./roles/rolesRoutes";
import { SITE_SETTINGS_SECTIONS } from "./settings/siteSettingsSections";
import { siteSettingsRoutes } from "./settings/siteSettingsRoutes";
import { storedSmtp } from "./settings/storedSmtp";
import { sessionsRoutes } from "./users/sessionsRoutes";
import { twoFactorRoutes } from "./users/twoFactorRoutes";
import { exportAccountData } from "./privacy/accountDataExport";
import { personalDataExportRoutes } from "./privacy/exportRoutes";
import { meRoutes } from "./users/meRoutes";
import { userWriteRoutes } from "./users/userWriteRoutes";
import { healthRoutes } from "./admin/healthRoutes";
import { invitationsRoutes } from "./invitations/invitationsRoutes";
import { registerTranslations, translationsApi } from "./translations/translationsFeature";
import { localesRoutes } from "@library/server/i18n/localesRoutes";
import { navigationRoutes } from "./navigation/navigationRoutes";
import "./navigation/navigationSettings";
import { NAVIGATION_DASHBOARD_SECTION } from "./navigation/navigationSection";
import "./invitations/invitationSettings";
import { dashboardMigrations } from "./migrations/dashboardMigrations";
import { countPageViews } from "@library/server/pageViews/pageViewCounter";
import { ADMIN_COMMANDS } from "./cli/adminCommands";
import { defineUnbanJob } from "./users/userBans";
import { usersRoutes } from "./users/usersRoutes";
import { registerUserRankGuard } from "./users/userRankGuard";
import { registerThemePageParts } from "./themes/themePageParts";
import { themePages } from "./themes/themePages";
import { themesRoutes } from "./themes/themesRoutes";
import { THEMES_DASHBOARD_SECTION } from "./themes/themesSection";
import "./themes/themeSettings";

/**
 * The dashboard: accounts and sessions, users, roles and site configuration, and the admin area at /dashboard
 * (its core sections: add-ons, audit log, mail outbox, jobs; other features contribute theirs).
 */
export const dashboardApplication: ServerApplication = {
  key: "dashboard",
  name: "Dashboard",
  commands: ADMIN_COMMANDS,
  migrations: dashboardMigrations,
  registerApi(api, context) {
    registerUserRankGuard(api, context);
    authRoutes(api, context);
    meRoutes(api, context);
    usersRoutes(api, context);
    userWriteRoutes(api, context);
    rolesRoutes(api, context);
    configRoutes(api, context);
    siteSettingsRoutes(api, context);
    backupsRoutes(api, context);
    adminRoutes(api, context);
    healthRoutes(api, context);
    sessionsRoutes(api, context);
    twoFactorRoutes(api, context);
    personalDataExportRoutes(api, context);
    invitationsRoutes(api, context);
    translationsApi(api, context);
    themesRoutes(api, context);
    localesRoutes(api, context);
    navigationRoutes(api, context);
  },
  async registerPages(app, context) {
    countPageViews(app, context);
    await dashboardPages(app, context);
    dashboardAppPages(app, context);
    themePages(app, context);
  },
  register(registrar) {
    for (const section of [...CORE_DASHBOARD_SECTIONS, ...SITE_SETTINGS_SECTIONS])
      registrar.dashboardSection(section);
    registerTranslations(registrar);
    registrar.dashboardSection(THEMES_DASHBOARD_SECTION);
    registrar.dashboardSection(NAVIGATION_DASHBOARD_SECTION);
    registrar.extend((context, owner) => {
      for (const rule of AUTH_RATE_LIMITS) context.rateLimits.declare(rule, owner);
      context.personalData.add(exportAccountData, owner);
      context.mailer.useStoredSmtp(() => storedSmtp(context.settings));
      defineUnbanJob(context, owner);
      defineScheduledBackupJob(context, owner);
      registerThemePageParts(context);
    });
  },
};
