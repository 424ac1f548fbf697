import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BackupFile } from "@forum/api/backups";
import { runCli } from "@library/server/cli/runCli";
import { testConfig } from "@library/server/config/config";
import { openSqlite } from "@library/server/db/database";
import { createTestUser, signedInClient } from "@library/server/testing/factories";
import { createTestApp, testDialects } from "@library/server/testing/testApp";
import { testDatabaseUrl } from "@library/server/config/config";
import { sql } from "kysely";
import pg from "pg";
import { dashboardApplication } from "../dashboardApplication";

function capture() {
  const lines: string[] = [];
  return { lines, io: { out: (text: string) => lines.push(text), err: (text: string) => lines.push(text) } };
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

  it("puts an SQLite snapshot into a fresh data directory with everything intact, and never over a site", async () => {
    const source = tempDir();
    const testApp = await createTestApp("sqlite", [dashboardApplication], { dataDir: source });
    let backup: BackupFile;
    try {
      const admin = await signedInClient(testApp, { name: "Restore Admin", role: "Administrator" });
      await createTestUser(testApp.context, { name: "Kept Member" });
      await admin.client.patch("/api/v2/config", { "garden.title": "Restored Garden" });
      backup = (await admin.client.post<BackupFile>("/api/v2/dashboard/backups")).body;
    } finally {
      await testApp.close();
    }
    const file = path.join(source, "backups", backup.fileName);

    const fresh = tempDir();
    const config = testConfig({ dataDir: fresh, databaseUrl: null });
    const restored = capture();
    expect(await runCli(["restore", file], [dashboardApplication], config, restored.io)).toBe(0);
    expect(restored.lines.join("\n")).toContain(`Restored ${file}`);

    const handle = openSqlite(path.join(fresh, "forum.sqlite"));
    try {
      const names = await handle.db.selectFrom("users").select("name").execute();
      expect(names.map((row) => row.name)).toEqual(expect.arrayContaining(["Restore Admin", "Kept Member"]));
      const title = await handle.db
        .selectFrom("configValues")
        .select("value")
        .where("key", "=", "garden.title")
        .executeTakeFirst();
      expect(title?.value).toBe(JSON.stringify("Restored Garden"));
    } finally {
      await handle.destroy();
    }
    // The restored site runs: the app builds on it and its counters are consistent.
    const recount = capture();
    expect(await runCli(["recount"], [dashboardApplication], config, recount.io)).toBe(0);

    const again = capture();
    expect(await runCli(["restore", file], [dashboardApplication], config, again.io)).not.toBe(0);
    expect(again.lines.join("\n")).toContain("already holds a site");
    const missing = capture();
    expect(await runCli(["restore", path.join(fresh, "nothing.sqlite")], [], config, missing.io)).not.toBe(0);
    expect(missing.lines.join("\n")).toContain("No backup at");
  });

  it.each(testDialects.filter((dialect) => dialect === "postgres"))(
    "runs a pg_dump backup into PostgreSQL with psql (%s)",
    async (dialect) => {
      const source = tempDir();
      const testApp = await createTestApp(dialect, [dashboardApplication], { dataDir: source });
      let backup: BackupFile;
      let schema: string;
      try {
        const admin = await signedInClient(testApp, { name: "Dump Admin", role: "Administrator" });
        await createTestUser(testApp.context, { name: "Dumped Member" });
        backup = (await admin.client.post<BackupFile>("/api/v2/dashboard/backups")).body;
        schema = (
          await sql<{ schema: string }>`select current_schema() as schema`.execute(testApp.context.db)
        ).rows[0]?.schema as string;
      } finally {
        // Closing drops the test schema: the restore brings it back from the dump.
        await testApp.close();
      }
      const config = testConfig({ dataDir: source, databaseUrl: testDatabaseUrl() });
      const output = capture();
      const client = new pg.Client({ connectionString: testDatabaseUrl() ?? "" });
      await client.connect();
      try {
        expect(
          await runCli(["restore", path.join(source, "backups", backup.fileName)], [], config, output.io),
        ).toBe(0);
        const names = await client.query<{ name: string }>(`select name from "${schema}".users`);
        expect(names.rows.map((row) => row.name)).toEqual(
          expect.arrayContaining(["Dump Admin", "Dumped Member"]),
        );
      } finally {
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
    },
  );
});
