import type { Migration } from "kysely";
import * as createEmbedDiscussions from "./2027-03-01T1000_create_embed_discussions";

export const embedMigrations: Record<string, Migration> = {
  "2027-03-01T1000_create_embed_discussions": createEmbedDiscussions,
};
