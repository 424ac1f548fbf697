import type { Migration } from "kysely";
import * as createCoreTables from "./2026-11-22T1200_create_core_tables";

export const coreMigrations: Record<string, Migration> = {
  "2026-11-22T1200_create_core_tables": createCoreTables,
};
