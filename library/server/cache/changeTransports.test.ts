import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type SQLite from "better-sqlite3";
import { backupSourceOf, openSqlite, type Db } from "../db/database";
import { MemoryLiveBus } from "../notifications/liveBus";
import { CacheLayer } from "./cacheLayer";
import { LiveBusChangeTransport, SqliteChangeTable } from "./changeTransports";
import { recordNames } from "./recordNames";

const errors: unknown[] = [];
const log = {
  warn: () => undefined,
  error: (entry: unknown) => void errors.push(entry),
} as unknown as FastifyBaseLogger;

/** A layer with one cache per kind of name, counting its retirements. */
function countingLayer() {
  const layer = new CacheLayer();
  const retired = { discussions: 0, categories: 0 };
  layer.define({
    name: "discussions",
    dependsOn: ["discussion:*"],
    retire: () => (retired.discussions += 1),
  });
  layer.define({ name: "categories", dependsOn: ["category:*"], retire: () => (retired.categories += 1) });
  return { layer, retired };
}

/** The SQLite connection under a Kysely handle opened by `openSqlite`. */
function sqliteOf(db: Db): SQLite.Database {
  const sqlite = backupSourceOf(db)?.sqlite;
  if (!sqlite) throw new Error("Not a SQLite database.");
  return sqlite;
}

interface TwoProcesses {
  writer: ReturnType<typeof countingLayer>;
  reader: ReturnType<typeof countingLayer>;
  readerTable: SqliteChangeTable;
  /** The reader's connection. */
  readerDb: Db;
}

/** Two connections on one new SQLite file, as two processes have, each with its layer and change table. */
async function onOneSqliteFile(use: (processes: TwoProcesses) => Promise<void>): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "forum-changes-"));
  const file = path.join(folder, "forum.sqlite");
  const a = openSqlite(file);
  const b = openSqlite(file);
  try {
    const writer = countingLayer();
    const reader = countingLayer();
    const writerTable = SqliteChangeTable.open(a.db, sqliteOf(a.db), writer.layer, log);
    const readerTable = SqliteChangeTable.open(b.db, sqliteOf(b.db), reader.layer, log);
    writer.layer.useTransport(writerTable);
    await use({ writer, reader, readerTable, readerDb: b.db });
  } finally {
    await a.destroy();
    await b.destroy();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe("the change transports", () => {
  it("on the live bus, a write retires its own caches at once and does not wait for its own message", async () => {
    const bus = new MemoryLiveBus();
    const sent: unknown[] = [];
    // A bus that never delivers the writer's own message back: the write must still finish.
    const silentBus = Object.assign(Object.create(bus) as MemoryLiveBus, {
      publishChanged: async (event: unknown) => void sent.push(event),
    });
    const writer = countingLayer();
    writer.layer.useTransport(new LiveBusChangeTransport(silentBus, writer.layer, log));
    const started = process.hrtime.bigint();
    await writer.layer.publish([recordNames.discussion(3)]);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(400);
    expect(writer.retired).toEqual({ discussions: 1, categories: 0 });
    expect(sent).toHaveLength(1);
    await writer.layer.close();
  });

  it("on the live bus, another process retires what the write named, and the writer not twice", async () => {
    const bus = new MemoryLiveBus();
    const writer = countingLayer();
    const reader = countingLayer();
    writer.layer.useTransport(new LiveBusChangeTransport(bus, writer.layer, log));
    reader.layer.useTransport(new LiveBusChangeTransport(bus, reader.layer, log));
    await writer.layer.publish([recordNames.category(2)]);
    expect(reader.retired).toEqual({ discussions: 0, categories: 1 });
    expect(writer.retired).toEqual({ discussions: 0, categories: 1 });
    await writer.layer.close();
    await reader.layer.close();
    await bus.close();
  });

  it("on one SQLite file, the writes of one turn share one row, each name once, and the other process reads them", () =>
    onOneSqliteFile(async ({ writer, reader, readerTable, readerDb }) => {
      await Promise.all([
        writer.layer.publish([recordNames.discussion(1), recordNames.category(1)]),
        writer.layer.publish([recordNames.discussion(1)]),
        writer.layer.publish([recordNames.discussion(2)]),
      ]);
      const rows = sqliteOf(readerDb).prepare(`select "names" from "cacheChanges"`).all() as {
        names: string;
      }[];
      expect(rows.map((row) => (JSON.parse(row.names) as string[]).sort())).toEqual([
        [recordNames.category(1), recordNames.discussion(1), recordNames.discussion(2)].sort(),
      ]);
      readerTable.check();
      expect(reader.retired).toEqual({ discussions: 1, categories: 1 });
      await writer.layer.publish([recordNames.category(5)]);
      readerTable.check();
      expect(reader.retired).toEqual({ discussions: 1, categories: 2 });
    }));

  it("on one SQLite file, a request sees every write committed before it arrived; a check begun after its arrival serves it", () =>
    onOneSqliteFile(async ({ writer, reader, readerTable }) => {
      // A request that arrives after a write was committed sees it, whatever was checked before.
      await writer.layer.publish([recordNames.discussion(1)]);
      const firstArrival = performance.now();
      readerTable.checkFor(firstArrival);
      expect(reader.retired).toEqual({ discussions: 1, categories: 0 });

      // One that arrived before that check began is served by it: a write committed since is not its client's.
      const waitedArrival = firstArrival - 1;
      await writer.layer.publish([recordNames.category(1)]);
      readerTable.checkFor(waitedArrival);
      expect(reader.retired).toEqual({ discussions: 1, categories: 0 });

      // The next request to arrive after that write reads the version and retires what it named.
      readerTable.checkFor(performance.now());
      expect(reader.retired).toEqual({ discussions: 1, categories: 1 });
      readerTable.checkFor(performance.now());
      expect(reader.retired).toEqual({ discussions: 1, categories: 1 });
    }));
});
