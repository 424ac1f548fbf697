import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  ARCHIVE_CHECKSUMS_NAME,
  ARCHIVE_DAMAGED,
  ARCHIVE_UNREADABLE,
} from "@library/server/backups/backupArchive";
import { runCli } from "@library/server/cli/runCli";
import { testConfig, testDatabaseUrl } from "@library/server/config/config";
import { databaseUrl } from "@library/server/testing/postgresTemplate";
import { createTestApp, dialectsAmong } from "@library/server/testing/testApp";
import SQLite from "better-sqlite3";
import pg from "pg";
import tar from "tar-stream";
import { dashboardApplication } from "../dashboardApplication";
import { makeBackup } from "./backupFiles";

// Each case builds a whole site to back up: more than the default on a busy machine.
jest.setTimeout(60_000);

const UPLOAD = { name: `uploads/2026/11/${"c".repeat(32)}.png`, body: Buffer.from("an upload's bytes") };

type Entry = { name: string; body: Buffer };

async function readArchive(file: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: unknown) => chunks.push(Buffer.from(chunk as Uint8Array)));
    stream.on("end", () => {
      entries.push({ name: header.name, body: Buffer.concat(chunks) });
      next();
    });
  });
  await pipeline(fs.createReadStream(file), extract);
  return entries;
}

/** A tar archive of these entries, as backups were made before they carried checksums. */
async function writeArchive(file: string, entries: Entry[]): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(file));
  for (const entry of entries)
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.name }, entry.body, (error) => (error ? reject(error) : resolve())),
    );
  pack.finalize();
  await written;
}

/**
 * The bytes with the page headers of an SQLite database's pages 2 to 9 overwritten, wherever the database starts
 * in them (a bare file, or inside an archive): what a bad disk or a broken copy does.
 */
function damageSqlitePages(bytes: Buffer): Buffer {
  const damaged = Buffer.from(bytes);
  const start = damaged.indexOf("SQLite format 3\u0000");
  expect(start).toBeGreaterThanOrEqual(0);
  const pageSize = damaged.readUInt16BE(start + 16);
  for (let page = 2; page <= 9; page += 1)
    damaged.fill(0xff, start + (page - 1) * pageSize, start + (page - 1) * pageSize + 8);
  return damaged;
}

/** Every file and folder under `dir` (null when it does not exist): a refused restore must not change it. */
function contentsOf(dir: string): string[] | null {
  if (!fs.existsSync(dir)) return null;
  return fs.readdirSync(dir, { recursive: true }).map(String).sort();
}

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (text: string) => lines.push(text), err: (text: string) => lines.push(text) } };
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-damaged-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A site with a member and an upload, backed up as the dashboard does; returns the archive. */
async function backUpSite(dialect: "sqlite" | "postgres"): Promise<string> {
  const dataDir = tempDir();
  fs.mkdirSync(path.join(dataDir, path.dirname(UPLOAD.name)), { recursive: true });
  fs.writeFileSync(path.join(dataDir, UPLOAD.name), UPLOAD.body);
  const testApp = await createTestApp(dialect, [dashboardApplication], { dataDir });
  try {
    const backup = await makeBackup(testApp.context);
    return path.join(dataDir, "backups", backup.fileName);
  } finally {
    // On PostgreSQL this drops the site's schema, as a lost server would.
    await testApp.close();
  }
}

describe("restoring a damaged SQLite backup after the server was lost", () => {
  let archive: string;
  let entries: Entry[];
  beforeAll(async () => {
    archive = await backUpSite("sqlite");
    entries = await readArchive(archive);
  });

  /** Restores `file` into a fresh data directory that holds one unrelated file; returns what happened. */
  async function restoreIntoFreshDirectory(file: string) {
    const dataDir = path.join(tempDir(), "site");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "notes.txt"), "kept");
    const output = capture();
    const code = await runCli(["restore", file], [], testConfig({ dataDir, databaseUrl: null }), output.io);
    return { code, text: output.lines.join("\n"), contents: contentsOf(dataDir), dataDir };
  }

  it("checks an archive's checksums and refuses damaged database pages before anything is written", async () => {
    expect(entries.map((entry) => entry.name)).toEqual([
      "database.sqlite",
      UPLOAD.name,
      ARCHIVE_CHECKSUMS_NAME,
    ]);
    const damaged = path.join(tempDir(), "forum-damaged.sqlite.tar");
    fs.writeFileSync(damaged, damageSqlitePages(fs.readFileSync(archive)));

    const refused = await restoreIntoFreshDirectory(damaged);
    expect(refused.text).toContain(ARCHIVE_DAMAGED);
    expect(refused.code).toBe(1);
    expect(refused.contents).toEqual(["notes.txt"]);

    // A data directory that is not there yet is not made either.
    const missing = path.join(tempDir(), "not-yet");
    const output = capture();
    expect(
      await runCli(["restore", damaged], [], testConfig({ dataDir: missing, databaseUrl: null }), output.io),
    ).toBe(1);
    expect(fs.existsSync(missing)).toBe(false);

    // The archive as it was made restores, and its database opens whole.
    const restored = await restoreIntoFreshDirectory(archive);
    expect(restored.code).toBe(0);
    expect(restored.contents).toEqual(
      [
        "forum.sqlite",
        "notes.txt",
        "uploads",
        ...UPLOAD.name
          .split("/")
          .slice(1)
          .map((_, index, parts) => path.join("uploads", ...parts.slice(0, index + 1))),
      ].sort(),
    );
    const database = new SQLite(path.join(restored.dataDir, "forum.sqlite"), { readonly: true });
    try {
      expect(database.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      database.close();
    }
  });

  it("still restores an archive made before checksums, after the database's integrity check, and refuses a damaged one", async () => {
    const withoutChecksums = entries.filter((entry) => entry.name !== ARCHIVE_CHECKSUMS_NAME);
    const older = path.join(tempDir(), "forum-older.sqlite.tar");
    await writeArchive(older, withoutChecksums);
    const restored = await restoreIntoFreshDirectory(older);
    expect(restored.code).toBe(0);
    expect(restored.text).toContain("This archive has no checksums");
    expect(restored.text).toContain("Restored");
    expect(fs.readFileSync(path.join(restored.dataDir, UPLOAD.name))).toEqual(UPLOAD.body);

    const olderDamaged = path.join(tempDir(), "forum-older-damaged.sqlite.tar");
    await writeArchive(
      olderDamaged,
      withoutChecksums.map((entry) =>
        entry.name === "database.sqlite" ? { ...entry, body: damageSqlitePages(entry.body) } : entry,
      ),
    );
    const refused = await restoreIntoFreshDirectory(olderDamaged);
    expect(refused.code).toBe(1);
    expect(refused.text).toContain("The database in this backup is damaged (");
    expect(refused.contents).toEqual(["notes.txt"]);
  });

  it("refuses a bare SQLite snapshot with damaged pages by its integrity check", async () => {
    const database = entries.find((entry) => entry.name === "database.sqlite")?.body ?? Buffer.alloc(0);
    const bare = path.join(tempDir(), "forum-damaged.sqlite");
    fs.writeFileSync(bare, damageSqlitePages(database));
    const refused = await restoreIntoFreshDirectory(bare);
    expect(refused.code).toBe(1);
    expect(refused.text).toContain("The database in this backup is damaged (");
    expect(refused.contents).toEqual(["notes.txt"]);
  });

  it("says what a file is when it is no backup, or an archive that cannot be read", async () => {
    const junk = path.join(tempDir(), "holiday-photo.jpg");
    fs.writeFileSync(junk, randomBytes(5000));
    const notBackup = await restoreIntoFreshDirectory(junk);
    expect(notBackup.text).toContain("This file is not a backup archive.");
    expect(notBackup.code).toBe(1);
    expect(notBackup.contents).toEqual(["notes.txt"]);

    const bytes = fs.readFileSync(archive);
    const cut = path.join(tempDir(), "forum-cut.sqlite.tar");
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cutShort = await restoreIntoFreshDirectory(cut);
    expect(cutShort.text).toContain(ARCHIVE_UNREADABLE);
    expect(cutShort.contents).toEqual(["notes.txt"]);
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`restoring a damaged ${dialect} backup`, () => {
    const url = testDatabaseUrl() ?? "";
    // An empty database to restore into, as an operator restores a site: a restore that went ahead would fill it.
    // (The site backed up is a database of its own too when the account may create databases, its schema
    // `public`; otherwise a schema of the shared test database.)
    const target = `restore_${randomBytes(6).toString("hex")}`;
    const targetUrl = databaseUrl(url, target);
    async function connected<T>(connection: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
      const client = new pg.Client({ connectionString: connection });
      await client.connect();
      try {
        return await run(client);
      } finally {
        await client.end();
      }
    }
    /** The schemas and tables a restore made in the target database (none but the empty `public` at first). */
    const restoredObjects = () =>
      connected(targetUrl, async (client) => ({
        schemas: (
          await client.query<{ name: string }>(
            `select nspname as name from pg_namespace
              where nspname not like 'pg\\_%' and nspname not in ('information_schema', 'public')`,
          )
        ).rows.map((row) => row.name),
        tables: Number(
          (
            await client.query<{ count: string }>(
              `select count(*) as count from information_schema.tables
                where table_schema not in ('pg_catalog', 'information_schema')`,
            )
          ).rows[0]?.count ?? -1,
        ),
      }));
    let entries: Entry[];
    beforeAll(async () => {
      await connected(url, (client) => client.query(`create database "${target}"`));
      entries = await readArchive(await backUpSite(dialect));
    });
    afterAll(() =>
      connected(url, (client) => client.query(`drop database if exists "${target}" with (force)`)),
    );

    async function restore(file: string) {
      const dataDir = tempDir();
      const output = capture();
      const code = await runCli(
        ["restore", file],
        [],
        testConfig({ dataDir, databaseUrl: targetUrl }),
        output.io,
      );
      return { code, text: output.lines.join("\n"), contents: contentsOf(dataDir) };
    }

    it("refuses an archive whose dump changed, or an older one whose dump ends early, and writes nothing", async () => {
      // The backup holds the site's tables, and the target database none yet.
      const dump = entries.find((entry) => entry.name === "database.sql")?.body.toString("utf8") ?? "";
      expect(dump).toMatch(/CREATE TABLE (\w+\.)?users /);
      expect(await restoredObjects()).toEqual({ schemas: [], tables: 0 });
      const changed = path.join(tempDir(), "forum-changed.sql.tar");
      await writeArchive(
        changed,
        entries.map((entry) =>
          entry.name === "database.sql"
            ? {
                ...entry,
                body: Buffer.from(entry.body.toString("utf8").replace("CREATE TABLE", "CREATE TABLX")),
              }
            : entry,
        ),
      );
      const refused = await restore(changed);
      expect(refused.text).toContain(ARCHIVE_DAMAGED);
      expect(refused.code).toBe(1);
      expect(refused.contents).toEqual([]);

      const cut = path.join(tempDir(), "forum-cut.sql.tar");
      await writeArchive(
        cut,
        entries
          .filter((entry) => entry.name !== ARCHIVE_CHECKSUMS_NAME)
          .map((entry) =>
            entry.name === "database.sql"
              ? {
                  ...entry,
                  body: entry.body.subarray(0, Math.max(1, entry.body.lastIndexOf("CREATE INDEX"))),
                }
              : entry,
          ),
      );
      const cutShort = await restore(cut);
      expect(cutShort.text).toContain(
        "The database in this backup is damaged (the pg_dump script ends early).",
      );
      expect(cutShort.code).toBe(1);
      expect(cutShort.contents).toEqual([]);
      expect(await restoredObjects()).toEqual({ schemas: [], tables: 0 });
    });
  });
