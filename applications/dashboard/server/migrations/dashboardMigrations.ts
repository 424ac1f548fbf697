import type { Migration } from "kysely";
import * as createInvitations from "./2026-12-30T0900_create_invitations";
import * as createBackupSlots from "./2026-12-30T1000_create_backup_slots";
import * as createPageViewsDaily from "./2026-12-30T1100_create_page_views_daily";
import * as createThemes from "./2027-01-05T0900_create_themes";

/** The dashboard's frozen migrations (its tables from invitations on; older ones are the core's). */
export const dashboardMigrations: Record<string, Migration> = {
  "2026-12-30T0900_create_invitations": createInvitations,
  "2026-12-30T1000_create_backup_slots": createBackupSlots,
  "2026-12-30T1100_create_page_views_daily": createPageViewsDaily,
  "2027-01-05T0900_create_themes": createThemes,
};
