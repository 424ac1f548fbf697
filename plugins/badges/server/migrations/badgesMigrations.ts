import type { Migration } from "kysely";
import * as createBadges from "./2026-12-30T1100_create_badges";

/** The badges add-on's frozen migrations (owner "badges"). */
export const badgesMigrations: Record<string, Migration> = {
  "2026-12-30T1100_create_badges": createBadges,
};
