import type { Migration } from "kysely";
import * as createKnowledgeTables from "./2027-02-01T1000_create_knowledge_tables";

export const knowledgeMigrations: Record<string, Migration> = {
  "2027-02-01T1000_create_knowledge_tables": createKnowledgeTables,
};
