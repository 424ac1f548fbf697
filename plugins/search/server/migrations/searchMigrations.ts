import type { Migration } from "kysely";
import * as createSearchIndex from "./2027-01-05T1000_create_search_index";

/** The search add-on's frozen migrations, listed statically (no filesystem globbing). */
export const searchMigrations: Record<string, Migration> = {
  "2027-01-05T1000_create_search_index": createSearchIndex,
};
