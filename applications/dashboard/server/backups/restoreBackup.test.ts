import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BackupFile } from "@forum/api/backups";
import type { MediaItem } from "@forum/api/media";
import { buildApp } from "@library/server/app/buildApp";
import { packBackupArchive, unpackBackupArchive } from "@library/server/backups/backupArchive";
import { runCli } from "@library/server/cli/runCli";
import { testConfig, testDatabaseUrl } from "@library/server/config/config";
import { openPostgres, openSqlite, type DatabaseHandle } from "@library/server/db/database";
import { createTestUser, signedInClient } from "@library/server/testing/factories";
import { databaseUrl } from "@library/server/testing/postgresTemplate";
import { createTestApp, dialectsAmong, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { sql } from "kysely";
import pg from "pg";
import { serverApplications } from "../../../serverApplications";
import { multipartFile } from "@library/server/testing/multipartFile";

// Each case builds whole sites (the one backed up, the restored one): more than the default on a busy machine.
jest.setTimeout(60_000);

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (text: string) => lines.push(text), err: (text: string) => lines.push(text) } };
}

/** A 1×1 PNG, the uploaded logo. */
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** POST /media with a file, as the dashboard's logo field sends it. */
async function uploadFile(testApp: TestApp, client: TestClient, filename: string, data: Buffer) {
  const { payload, contentType } = multipartFile(filename, data);
  const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
  const response = await testApp.app.inject({
    method: "POST",
    url: "/api/v2/media",
    payload,
    headers: {
      "content-type": contentType,
      "x-requested-with": "vanilla",
      referer: "http://localhost:80/",
      host: "localhost:80",
      cookie: `${cookieName}=${client.cookie ?? ""}`,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<MediaItem>();
}

/**
 * A site with a member, a renamed title and an uploaded logo, backed up from the dashboard. Closing the test app
 * afterwards drops its PostgreSQL schema, as a lost server would: the restore brings it back.
 */
async function backedUpSite(dialect: "sqlite" | "postgres", dataDir: string) {
  const testApp = await createTestApp(dialect, serverApplications, { dataDir });
  try {
    const admin = await signedInClient(testApp, { name: "Restore Admin", role: "Administrator" });
    await createTestUser(testApp.context, { name: "Kept Member" });
    const logo = await uploadFile(testApp, admin.client, "logo.png", LOGO);
    const logoPath = new URL(logo.url).pathname;
    expect(
      (
        await admin.client.patch("/api/v2/config", {
          "garden.title": "Restored Garden",
          "branding.logo": logo.url,
        })
      ).status,
    ).toBe(204);
    // The stored file, as the site serves it (images are re-encoded on upload).
    const logoBytes = (await testApp.app.inject({ method: "GET", url: logoPath })).rawPayload;
    expect(logoBytes.length).toBe(logo.size);
    const backup = (await admin.client.post<BackupFile>("/api/v2/dashboard/backups")).body;
    const schema =
      dialect === "postgres"
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(testApp.context.db))
            .rows[0]?.schema
        : undefined;
    return {
      file: path.join(dataDir, "backups", backup.fileName),
      backup,
      logo,
      logoPath,
      logoBytes,
      schema,
    };
  } finally {
    await testApp.close();
  }
}

/** The restored site as its server would run: built on the restored database and data directory. */
async function restoredSite(dataDir: string, database: DatabaseHandle) {
  const built = await buildApp({
    config: testConfig({ dataDir }),
    database,
    applications: serverApplications,
  });
  await built.app.ready();
  return built;
}

describe("restore a backup from the command line", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-restore-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("puts an SQLite backup with its uploads into a fresh data directory, everything intact, and never over a site", async () => {
    const source = tempDir();
    const site = await backedUpSite("sqlite", source);
    expect(site.backup.fileName).toMatch(/\.sqlite\.tar$/);

    const fresh = tempDir();
    const config = testConfig({ dataDir: fresh, databaseUrl: null });
    const restored = capture();
    expect(await runCli(["restore", site.file], serverApplications, config, restored.io)).toBe(0);
    expect(restored.lines.join("\n")).toContain(`Restored ${site.file} (the database and the uploads)`);
    // The archive's temporary database is gone; the site's files are where the server looks.
    expect(fs.readdirSync(fresh).sort()).toEqual(["forum.sqlite", "uploads"]);

    const handle = openSqlite(path.join(fresh, "forum.sqlite"));
    const { app, context } = await restoredSite(fresh, handle);
    try {
      const names = await context.db.selectFrom("users").select("name").execute();
      expect(names.map((row) => row.name)).toEqual(expect.arrayContaining(["Restore Admin", "Kept Member"]));
      expect(await context.settings.get("garden.title")).toBe("Restored Garden");
      expect(await context.settings.get("branding.logo")).toBe(site.logo.url);
      const media = await context.db.selectFrom("media").select(["name", "size"]).execute();
      expect(media).toEqual([{ name: "logo.png", size: site.logo.size }]);
      // The logo is served by the restored site, byte for byte.
      const served = await app.inject({ method: "GET", url: site.logoPath });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(site.logoBytes)).toBe(true);
    } finally {
      await app.close();
      await handle.destroy();
    }

    // Never over a site: its database, or another site's uploads.
    const again = capture();
    expect(await runCli(["restore", site.file], [], config, again.io)).not.toBe(0);
    expect(again.lines.join("\n")).toContain("already holds uploads");
    const withDatabase = tempDir();
    fs.copyFileSync(path.join(fresh, "forum.sqlite"), path.join(withDatabase, "forum.sqlite"));
    const over = capture();
    expect(
      await runCli(
        ["restore", site.file],
        [],
        testConfig({ dataDir: withDatabase, databaseUrl: null }),
        over.io,
      ),
    ).not.toBe(0);
    expect(over.lines.join("\n")).toContain("already holds a site");
    expect(fs.readdirSync(withDatabase)).toEqual(["forum.sqlite"]);
    const missing = capture();
    expect(await runCli(["restore", path.join(fresh, "nothing.sqlite")], [], config, missing.io)).not.toBe(0);
    expect(missing.lines.join("\n")).toContain("No backup at");
  });

  it("still restores a backup of the older kind (the bare SQLite file)", async () => {
    const source = tempDir();
    const site = await backedUpSite("sqlite", source);
    const bare = path.join(source, "backups", site.backup.fileName.replace(/\.tar$/, ""));
    await unpackBackupArchive(site.file, bare, path.join(source, "unpacked-uploads"));

    const fresh = tempDir();
    const output = capture();
    expect(
      await runCli(["restore", bare], [], testConfig({ dataDir: fresh, databaseUrl: null }), output.io),
    ).toBe(0);
    expect(output.lines).toEqual([`Restored ${bare} into ${path.join(fresh, "forum.sqlite")}.`]);
    const handle = openSqlite(path.join(fresh, "forum.sqlite"));
    try {
      const names = await handle.db.selectFrom("users").select("name").execute();
      expect(names.map((row) => row.name)).toEqual(expect.arrayContaining(["Restore Admin", "Kept Member"]));
    } finally {
      await handle.destroy();
    }
  });

  it("leaves the fresh data directory empty when a restore fails half-way", async () => {
    // A PostgreSQL backup restored without DATABASE_URL: its uploads were unpacked before the database was
    // refused, and are taken away again.
    const source = tempDir();
    fs.mkdirSync(path.join(source, "uploads", "2026", "11"), { recursive: true });
    fs.writeFileSync(path.join(source, "uploads", "2026", "11", `${"b".repeat(32)}.png`), LOGO);
    fs.writeFileSync(path.join(source, "dump.sql"), "CREATE TABLE users ();\n");
    const archive = path.join(source, "forum-2026-11-25T09-00-00-000Z.sql.tar");
    await packBackupArchive(
      archive,
      { file: path.join(source, "dump.sql"), format: "pg_dump" },
      path.join(source, "uploads"),
    );

    const fresh = tempDir();
    const output = capture();
    expect(
      await runCli(["restore", archive], [], testConfig({ dataDir: fresh, databaseUrl: null }), output.io),
    ).toBe(1);
    expect(output.lines.join("\n")).toContain("This is not an SQLite backup");
    expect(fs.readdirSync(fresh)).toEqual([]);
  });

  for (const dialect of dialectsAmong(["postgres"]))
    it(`runs a pg_dump backup into PostgreSQL with psql and its uploads into the data directory (${dialect})`, async () => {
      const source = tempDir();
      const site = await backedUpSite(dialect, source);
      expect(site.backup.fileName).toMatch(/\.sql\.tar$/);
      const schema = site.schema as string;
      const fresh = tempDir();
      // The backup is restored into an empty database of its own, as an operator restores a site.
      const server = testDatabaseUrl() ?? "";
      const target = `restore_${randomBytes(6).toString("hex")}`;
      const targetUrl = databaseUrl(server, target);
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database "${target}"`);
      const config = testConfig({ dataDir: fresh, databaseUrl: targetUrl });
      let client = new pg.Client({ connectionString: targetUrl });
      await client.connect();
      try {
        const output = capture();
        expect(await runCli(["restore", site.file], [], config, output.io)).toBe(0);
        expect(output.lines.join("\n")).toContain("into the PostgreSQL database");
        const names = await client.query<{ name: string }>(`select name from "${schema}".users`);
        expect(names.rows.map((row) => row.name)).toEqual(
          expect.arrayContaining(["Restore Admin", "Kept Member"]),
        );

        // The restored site serves the logo from the fresh data directory.
        const separator = targetUrl.includes("?") ? "&" : "?";
        const handle = openPostgres(
          `${targetUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
          2,
        );
        const { app, context } = await restoredSite(fresh, handle);
        try {
          expect(await context.settings.get("garden.title")).toBe("Restored Garden");
          const served = await app.inject({ method: "GET", url: site.logoPath });
          expect(served.statusCode).toBe(200);
          expect(served.rawPayload.equals(site.logoBytes)).toBe(true);
        } finally {
          await app.close();
          await handle.destroy();
        }

        // The older kind, a bare pg_dump script, restores too (into an empty database again).
        await client.end();
        await admin.query(`drop database "${target}" with (force)`);
        await admin.query(`create database "${target}"`);
        client = new pg.Client({ connectionString: targetUrl });
        await client.connect();
        const bare = path.join(source, "backups", site.backup.fileName.replace(/\.tar$/, ""));
        await unpackBackupArchive(site.file, bare, path.join(source, "unpacked-uploads"));
        const again = capture();
        expect(await runCli(["restore", bare], [], config, again.io)).toBe(0);
        const restoredNames = await client.query<{ name: string }>(`select name from "${schema}".users`);
        expect(restoredNames.rows.map((row) => row.name)).toContain("Kept Member");
      } finally {
        await client.end();
        await admin.query(`drop database if exists "${target}" with (force)`);
        await admin.end();
      }
    });
});
