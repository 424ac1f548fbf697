import type { Migration } from "kysely";
import * as createGroupsTables from "./2026-12-20T1000_create_groups_tables";

/** The groups add-on's frozen migrations, listed statically (no filesystem globbing). */
export const groupsMigrations: Record<string, Migration> = {
  "2026-12-20T1000_create_groups_tables": createGroupsTables,
};
