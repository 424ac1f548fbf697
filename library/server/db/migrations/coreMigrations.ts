import type { Migration } from "kysely";
import * as createCoreTables from "./2026-11-22T1200_create_core_tables";
import * as createNotifications from "./2026-12-01T1200_create_notifications";
import * as addUserSignatureRaw from "./2026-12-08T1200_add_user_signature_raw";
import * as createAddons from "./2026-12-10T1200_create_addons";
import * as createJobs from "./2026-12-10T1400_create_jobs";
import * as createAuditLog from "./2026-12-10T1500_create_audit_log";
import * as createRateLimitCounters from "./2026-12-10T1600_create_rate_limit_counters";
import * as addSessionClient from "./2026-12-10T1700_add_session_client";
import * as createUserTwoFactor from "./2026-12-10T1800_create_user_two_factor";
import * as createUserBans from "./2026-12-13T0900_create_user_bans";
import * as addUserAbout from "./2026-12-13T1000_add_user_about";
import * as createLongRunnerJobs from "./2026-12-29T0900_create_long_runner_jobs";
import * as addNotificationSourceKeys from "./2026-12-29T1100_add_notification_source_keys";
import * as neverReuseCoreIDs from "./2026-12-30T0900_never_reuse_core_ids";
import * as addMailUnsubscribeUrl from "./2026-12-31T0900_add_mail_unsubscribe_url";
import * as addMailBodyHtml from "./2027-01-25T0900_add_mail_body_html";
import * as addAuditLogChanges from "./2026-12-31T1000_add_audit_log_changes";
import * as createTranslations from "./2027-01-20T0900_create_translations";

export const coreMigrations: Record<string, Migration> = {
  "2026-11-22T1200_create_core_tables": createCoreTables,
  "2026-12-01T1200_create_notifications": createNotifications,
  "2026-12-08T1200_add_user_signature_raw": addUserSignatureRaw,
  "2026-12-10T1200_create_addons": createAddons,
  "2026-12-10T1400_create_jobs": createJobs,
  "2026-12-10T1500_create_audit_log": createAuditLog,
  "2026-12-10T1600_create_rate_limit_counters": createRateLimitCounters,
  "2026-12-10T1700_add_session_client": addSessionClient,
  "2026-12-10T1800_create_user_two_factor": createUserTwoFactor,
  "2026-12-13T0900_create_user_bans": createUserBans,
  "2026-12-13T1000_add_user_about": addUserAbout,
  "2026-12-29T0900_create_long_runner_jobs": createLongRunnerJobs,
  "2026-12-29T1100_add_notification_source_keys": addNotificationSourceKeys,
  "2026-12-30T0900_never_reuse_core_ids": neverReuseCoreIDs,
  "2026-12-31T0900_add_mail_unsubscribe_url": addMailUnsubscribeUrl,
  "2026-12-31T1000_add_audit_log_changes": addAuditLogChanges,
  "2027-01-20T0900_create_translations": createTranslations,
  "2027-01-25T0900_add_mail_body_html": addMailBodyHtml,
};
