import type { Migration } from "kysely";
import * as createIdeationTables from "./2026-12-30T1200_create_ideation_tables";

export const ideationMigrations: Record<string, Migration> = {
  "2026-12-30T1200_create_ideation_tables": createIdeationTables,
};
