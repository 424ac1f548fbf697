import type { Compilable } from "kysely";
import { postgresRefreshesOf, sqliteReadsOf, type Db } from "./database";

/**
 * A read for a cache that refreshes itself (settings, role grants, the category tree), which may run while a
 * transaction is open: code inside a transaction asks the cache, the cache finds its entry expired and reads.
 *
 * On SQLite, Kysely runs every statement on one connection, one after the other, and a transaction holds that
 * connection until it ends: a refresh queued behind it waits for the transaction, which waits for the refresh,
 * and the process hangs. Here the read runs at once, synchronously: on that connection while no transaction is
 * open (the committed data), during a transaction on a read-only connection to the same file (the last
 * committed data, never the transaction's own writes, as on PostgreSQL). On PostgreSQL it reads on a small pool
 * of its own (`REFRESH_CONNECTIONS`): the main pool may be all taken by transactions waiting for this read.
 *
 * Build the query on the root `Db` the cache keeps, never on a transaction.
 */
export async function readWithoutQueue<Row>(db: Db, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  const sqlite = sqliteReadsOf(db);
  if (!sqlite) return (await (postgresRefreshesOf(db) ?? db).executeQuery(compiled)).rows;
  const committed = sqlite.inTransaction() ? sqlite.committed() : null;
  if (!committed) sqlite.enterSnapshot();
  // The main connection's statements tell `onQuery` themselves; the read-only one's are timed here.
  if (!committed || !sqlite.onQuery)
    return (committed ?? sqlite.main).prepare(compiled.sql).all(...compiled.parameters) as Row[];
  const started = performance.now();
  const rows = committed.prepare(compiled.sql).all(...compiled.parameters) as Row[];
  sqlite.onQuery(compiled.sql, performance.now() - started);
  return rows;
}
