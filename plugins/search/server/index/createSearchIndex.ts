import type { Db, Dialect } from "@library/server/db/database";
import { PostgresSearchIndex } from "./postgresSearchIndex";
import type { SearchIndex } from "./searchIndex";
import { SqliteSearchIndex } from "./sqliteSearchIndex";

/** The index of a database's dialect. */
export function createSearchIndex(db: Db, dialect: Dialect): SearchIndex {
  if (dialect === "postgres") return new PostgresSearchIndex(db);
  return new SqliteSearchIndex(db);
}
