import type { Migration } from "kysely";
import * as createPollTables from "./2026-12-30T1000_create_poll_tables";

export const pollsMigrations: Record<string, Migration> = {
  "2026-12-30T1000_create_poll_tables": createPollTables,
};
