import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSqlite, type DatabaseHandle, type Db } from "../db/database";
import { sqliteFileIn } from "../db/walCheckpoints";

/** Two connections to one SQLite file and the file's path, while the describe block's tests run. */
export interface TwoConnections {
  readonly file: string;
  readonly first: DatabaseHandle;
  readonly second: DatabaseHandle;
}

/**
 * Two connections to one new SQLite file, as two server processes hold them. Call it in a describe block: the
 * file is made and `schema` run on the first connection before the block's tests, and both connections are closed
 * and the file removed after them.
 */
export function twoConnectionsToOneFile(
  prefix: string,
  schema: (db: Db) => Promise<unknown>,
): TwoConnections {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `forum-${prefix}-`));
  const file = sqliteFileIn(dir);
  let first: DatabaseHandle | undefined;
  let second: DatabaseHandle | undefined;
  beforeAll(async () => {
    first = openSqlite(file);
    second = openSqlite(file);
    await schema(first.db);
  });
  afterAll(async () => {
    await first?.destroy();
    await second?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const opened = (handle: DatabaseHandle | undefined) => {
    if (!handle) throw new Error("The connections open before the describe block's tests.");
    return handle;
  };
  return {
    file,
    get first() {
      return opened(first);
    },
    get second() {
      return opened(second);
    },
  };
}
