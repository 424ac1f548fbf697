import type { SiteSettingsGroupKey } from "@forum/api/siteSettings";
import { SESSION_DAYS_SETTING } from "@library/server/auth/sessionLength";
import { BACKUP_SETTINGS } from "../backups/backupSchedule";
import { INVITATION_EXPIRY_SETTING } from "../invitations/invitationSettings";
import { SMTP_SETTINGS, CAPTCHA_SITE_KEY_SETTING } from "./siteSettingsDeclarations";
import { notificationDefaultFields } from "./notificationDefaultFields";
import type { SiteSettingPresentation } from "./siteSettingPresentation";

export interface SiteSettingsGroupDeclaration {
  key: SiteSettingsGroupKey;
  label: string;
  fields: SiteSettingPresentation[];
  /** Settings the group takes by key prefix (rate limits declared by every application and add-on). */
  prefix?: { key: string; label: string; description: string };
}

/** The site settings screens: each declared setting in one group, with the words a person reads. */
export const SITE_SETTINGS_GROUPS: SiteSettingsGroupDeclaration[] = [
  {
    key: "general",
    label: "General",
    fields: [
      {
        key: "garden.title",
        label: "Site title",
        description: "The name of the site, in the title bar and page titles.",
      },
      {
        key: "garden.description",
        label: "Site description",
        description: "A sentence or two about the community, used by search engines and link previews.",
        multiline: true,
      },
      {
        key: "garden.homepageTitle",
        label: "Home page title",
        description: "Leave empty to use the site title.",
      },
      { key: "garden.orgName", label: "Organization name" },
      {
        key: "garden.locale",
        label: "Locale",
        description: "Language code of the site, such as en or fr_CA.",
      },
      { key: "branding.logo", label: "Logo", description: "Address of the logo image.", upload: true },
      {
        key: "branding.mobileLogo",
        label: "Mobile logo",
        description: "Address of the logo for small screens.",
        upload: true,
      },
      {
        key: "branding.favicon",
        label: "Favicon",
        description: "Address of the icon browsers show in tabs.",
        upload: true,
      },
      {
        key: "branding.shareImage",
        label: "Share image",
        description: "Image shown when a page is shared.",
        upload: true,
      },
      {
        key: "forum.disabled",
        label: "Take the forum offline",
        description: "Only administrators can use the site while it is off.",
      },
    ],
  },
  {
    key: "registration",
    label: "Registration",
    fields: [
      {
        key: "registration.method",
        label: "Registration method",
        description: "How new members join.",
        options: [
          { value: "basic", label: "Basic: anyone can register" },
          { value: "captcha", label: "Captcha: register after a captcha" },
          { value: "approval", label: "Approval: an administrator approves each applicant" },
          { value: "invitation", label: "Invitation: only invited people can register" },
        ],
      },
      {
        key: "isConfirmEmailRequired",
        label: "Require email confirmation",
        description: "New members confirm their email address before they can post.",
      },
      {
        key: INVITATION_EXPIRY_SETTING,
        label: "Invitations expire after (days)",
        description: "How long the link in an invitation works.",
      },
      {
        key: CAPTCHA_SITE_KEY_SETTING,
        label: "Captcha site key",
        description: "The public key of the captcha service, for the captcha method.",
      },
    ],
  },
  {
    key: "posting",
    label: "Posting",
    fields: [
      {
        key: "ui.editContentTimeout",
        label: "Edit timeout (seconds)",
        description: "How long authors may edit their posts; -1 for no limit.",
      },
      { key: "signatures.enabled", label: "Show signatures" },
      { key: "signatures.hideMobile", label: "Hide signatures on small screens" },
      { key: "tagging.enabled", label: "Allow tagging" },
      { key: "context.conversationsEnabled", label: "Allow private conversations" },
      {
        key: "ui.bannedPrivateProfile",
        label: "Make banned members' profiles private",
      },
      {
        key: "moderation.newMemberPostsHeld",
        label: "Hold new members' first posts",
        description: "How many of a new member's first posts wait for a moderator's approval; 0 for none.",
      },
      {
        key: "moderation.spamThreshold",
        label: "Spam score threshold",
        description:
          "Posts scoring over this (links, repeated text, new accounts, fast posting) wait for a moderator; 0 turns the spam score off.",
      },
      {
        key: "featureFlags.escalations.Enabled",
        label: "Show the report icon on posts",
      },
    ],
  },
  {
    key: "email",
    label: "Email",
    fields: [
      {
        key: SMTP_SETTINGS.host,
        label: "SMTP host",
        description: "Leave empty to keep mail in the outbox (or use the server's own SMTP setup).",
      },
      {
        key: SMTP_SETTINGS.port,
        label: "SMTP port",
        description: "Usually 587, or 465 for a TLS connection.",
      },
      { key: SMTP_SETTINGS.user, label: "SMTP user name" },
      {
        key: SMTP_SETTINGS.password,
        label: "SMTP password",
        description: "Leave empty to keep the current password.",
        secret: true,
      },
      { key: SMTP_SETTINGS.from, label: "From address", description: "The address mail is sent from." },
      ...notificationDefaultFields(),
    ],
  },
  {
    key: "security",
    label: "Security",
    fields: [
      {
        key: "security.twoFactor.requiredForAdministrators",
        label: "Require two-step verification for administrators",
        description: "Administrators turn it on before they can change anything.",
      },
      {
        key: SESSION_DAYS_SETTING,
        label: "Session length (days)",
        description:
          "How long 'Keep me signed in' keeps a member signed in. Other sign-ins end after two weeks idle, or sooner when this is shorter.",
      },
    ],
    prefix: {
      key: "rateLimits.",
      label: "Rate limit: %s",
      description: "How many times a member may do this in the rate limit's period; 0 turns the limit off.",
    },
  },
  {
    key: "backups",
    label: "Scheduled backups",
    fields: [
      {
        key: BACKUP_SETTINGS.schedule,
        label: "Make a backup",
        description: "While the site runs, one backup per day or per week (Sundays).",
        options: [
          { value: "off", label: "Off" },
          { value: "daily", label: "Every day" },
          { value: "weekly", label: "Every week" },
        ],
      },
      { key: BACKUP_SETTINGS.hour, label: "At hour (UTC)", description: "0 to 23." },
      {
        key: BACKUP_SETTINGS.keep,
        label: "Keep the last",
        description: "How many scheduled backups to keep; older ones are removed. Backups made by hand stay.",
      },
    ],
  },
];
