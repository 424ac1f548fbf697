import type { Migration } from "kysely";
import * as createRanks from "./2026-12-30T1000_create_ranks";

/** The ranks add-on's frozen migrations (owner "ranks"). */
export const ranksMigrations: Record<string, Migration> = {
  "2026-12-30T1000_create_ranks": createRanks,
};
