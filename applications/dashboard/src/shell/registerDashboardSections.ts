import { registerComponent } from "@library/src/registry/componentRegistry";
import { AddonsSection } from "../addons/AddonsSection";
import { AuditLogSection } from "../auditLog/AuditLogSection";
import { BackupsSection } from "../backups/BackupsSection";
import { CategoriesSection } from "../categories/CategoriesSection";
import { DashboardHome } from "../home/DashboardHome";
import { InvitationsSection } from "../invitations/InvitationsSection";
import { JobsSection } from "../jobs/JobsSection";
import { LayoutsSection } from "../layouts/LayoutsSection";
import { LocalesSection } from "../locales/LocalesSection";
import { MailOutboxSection } from "../mail/MailOutboxSection";
import { MembersSection } from "../members/MembersSection";
import { ModerationQueueSection } from "../moderation/ModerationQueueSection";
import { NavigationSection } from "../navigation/NavigationSection";
import { RolesSection } from "../roles/RolesSection";
import { TagsSection } from "../tags/TagsSection";
import { registerTranslationWidgets } from "../translations/registerTranslationWidgets";
import { registerThemeWidgets } from "../themes/registerThemeWidgets";
import {
  EmailSettingsSection,
  GeneralSettingsSection,
  PostingSettingsSection,
  RegistrationSettingsSection,
  SecuritySettingsSection,
} from "../siteSettings/siteSettingsSections";

/** The components of the dashboard's core sections (names as the server's section registry declares them). */
export function registerDashboardSections(): void {
  registerComponent("DashboardHome", DashboardHome);
  registerComponent("AddonsSection", AddonsSection);
  registerComponent("AuditLogSection", AuditLogSection);
  registerComponent("MailOutboxSection", MailOutboxSection);
  registerComponent("JobsSection", JobsSection);
  registerComponent("LayoutsSection", LayoutsSection);
  registerComponent("LocalesSection", LocalesSection);
  registerComponent("RolesSection", RolesSection);
  registerComponent("BackupsSection", BackupsSection);
  registerComponent("CategoriesSection", CategoriesSection);
  registerComponent("TagsSection", TagsSection);
  registerComponent("MembersSection", MembersSection);
  registerComponent("ModerationQueueSection", ModerationQueueSection);
  registerComponent("NavigationSection", NavigationSection);
  registerComponent("InvitationsSection", InvitationsSection);
  registerComponent("GeneralSettingsSection", GeneralSettingsSection);
  registerComponent("RegistrationSettingsSection", RegistrationSettingsSection);
  registerComponent("PostingSettingsSection", PostingSettingsSection);
  registerComponent("EmailSettingsSection", EmailSettingsSection);
  registerComponent("SecuritySettingsSection", SecuritySettingsSection);
  registerTranslationWidgets();
  registerThemeWidgets();
}
