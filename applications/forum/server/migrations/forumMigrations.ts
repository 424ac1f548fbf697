import type { Migration } from "kysely";
import * as createForumTables from "./2026-11-22T1300_create_forum_tables";

/** The forum's frozen migrations, listed statically so the runner needs no filesystem globbing. */
export const forumMigrations: Record<string, Migration> = {
  "2026-11-22T1300_create_forum_tables": createForumTables,
};
