import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { loadConfig } from "../config/config";
import { openSqlite } from "./database";

/** The SQLite durability setting the README states: NORMAL by default, FULL when asked for. */
describe("SQLite durability", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-durability-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const synchronousOf = async (setting?: "normal" | "full") => {
    const handle = openSqlite(path.join(dir, `${setting ?? "default"}.sqlite`), setting);
    const result = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
    await handle.destroy();
    return { synchronous: result.rows[0]?.synchronous, journal: journal.rows[0]?.journal_mode };
  };

  it("runs in WAL with synchronous=NORMAL by default and FULL on request", async () => {
    expect(await synchronousOf()).toEqual({ synchronous: 1, journal: "wal" });
    expect(await synchronousOf("full")).toEqual({ synchronous: 2, journal: "wal" });
  });

  it("reads SQLITE_SYNCHRONOUS and refuses other values", () => {
    expect(loadConfig({}).sqliteSynchronous).toBe("normal");
    expect(loadConfig({ SQLITE_SYNCHRONOUS: "FULL" }).sqliteSynchronous).toBe("full");
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: "off" })).toThrow(
      'SQLITE_SYNCHRONOUS must be "normal" or "full"',
    );
  });
});
