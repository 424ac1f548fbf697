import path from "node:path";
import SQLite from "better-sqlite3";

/** The SQLite database of a data folder. */
export function sqliteFileIn(dataDir: string): string {
  return path.join(dataDir, "forum.sqlite");
}

/**
 * Who copies SQLite's write-ahead log back into the database file. `self`: SQLite's own automatic checkpoint,
 * run by the connection whose commit takes the log past 1,000 pages (4 MB). `primary`: the primary of several
 * server processes does it (`startWalCheckpoints`), and the workers' own checkpoint waits for a log of
 * WORKER_WAL_AUTOCHECKPOINT_PAGES, in case the primary falls behind.
 *
 * A checkpoint writes the log's pages into the file and syncs it: under a community's traffic (two processes
 * writing read positions and view counts about once a second) it ran every few seconds inside whichever request
 * committed, holding that process's other requests 5–50 ms, and the other process's next write waited for it.
 */
export type SqliteCheckpoints = "self" | "primary";

/** A worker's own checkpoint when the primary checkpoints: only a log this long (64 MB), if the primary lags. */
export const WORKER_WAL_AUTOCHECKPOINT_PAGES = 16_000;

/** How often the primary copies what the log holds into the database file. */
export const WAL_CHECKPOINT_INTERVAL_MILLISECONDS = 500;

export interface WalCheckpoints {
  /** Stops the checkpoints and closes the connection (a last connection to close checkpoints once more). */
  stop(): void;
}

/**
 * In the primary of several server processes: every WAL_CHECKPOINT_INTERVAL_MILLISECONDS, a passive checkpoint
 * of the data folder's database on a connection of its own. Passive: it copies what no reader still needs and
 * never waits for a lock, so no worker waits for it either; with nothing new in the log it returns without
 * writing or syncing. (Unlike busy_timeout, the checkpoint pragma acts when run: it is prepared once.)
 * A checkpoint that fails (the disk full, the file gone) is told once, and tried again at the next interval.
 */
export function startWalCheckpoints(dataDir: string, log: (line: string) => void): WalCheckpoints {
  const sqlite = new SQLite(sqliteFileIn(dataDir), { fileMustExist: true });
  const checkpoint = sqlite.prepare("pragma wal_checkpoint(PASSIVE)");
  let failing = false;
  const timer = setInterval(() => {
    try {
      checkpoint.run();
      failing = false;
    } catch (error) {
      if (!failing) log(`Copying the database's log into its file failed (${(error as Error).message}).`);
      failing = true;
    }
  }, WAL_CHECKPOINT_INTERVAL_MILLISECONDS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (sqlite.open) sqlite.close();
    },
  };
}
