import type { Migration } from "kysely";
import * as createConversationsTables from "./2026-12-01T1000_create_conversations_tables";

/** The conversations application's frozen migrations, listed statically (no filesystem globbing). */
export const conversationsMigrations: Record<string, Migration> = {
  "2026-12-01T1000_create_conversations_tables": createConversationsTables,
};
