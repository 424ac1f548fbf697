import type { Db, Dialect } from "@library/server/db/database";
import { CachedSearchIndex } from "./cachedSearchIndex";
import { PostgresSearchIndex } from "./postgresSearchIndex";
import { SqliteSearchIndex } from "./sqliteSearchIndex";

/** The index of a database's dialect, behind the one-second answer cache. */
export function createSearchIndex(db: Db, dialect: Dialect): CachedSearchIndex {
  return new CachedSearchIndex(
    dialect === "postgres" ? new PostgresSearchIndex(db) : new SqliteSearchIndex(db),
  );
}
