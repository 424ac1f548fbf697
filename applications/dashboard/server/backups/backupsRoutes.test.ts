import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BackupFile } from "@forum/api/backups";
import { signedInClient, type TestUser } from "@library/server/testing/factories";
import { unpackBackupArchive } from "@library/server/backups/backupArchive";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import SQLite from "better-sqlite3";
import { dashboardApplication } from "../dashboardApplication";

describe.each(testDialects)("backups on %s", (dialect) => {
  let testApp: TestApp;
  let dataDir: string;
  let member: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-backups-"));
    testApp = await createTestApp(dialect, [dashboardApplication], { dataDir });
    member = await signedInClient(testApp, { name: "Backup Member" });
    admin = await signedInClient(testApp, { name: "Backup Admin", role: "Administrator" });
  });
  afterAll(async () => {
    await testApp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("makes a consistent snapshot of the rows and the uploads, lists it and serves it to administrators only", async () => {
    expect((await member.client.post("/api/v2/dashboard/backups")).status).toBe(403);
    expect((await admin.client.get<BackupFile[]>("/api/v2/dashboard/backups")).body).toEqual([]);
    const logo = Buffer.from("a logo's bytes");
    fs.mkdirSync(path.join(dataDir, "uploads", "2026", "11"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", "2026", "11", `${"a".repeat(32)}.png`), logo);

    const made = await admin.client.post<BackupFile>("/api/v2/dashboard/backups");
    expect(made.status).toBe(201);
    expect(made.body.fileName).toMatch(
      dialect === "sqlite" ? /^forum-[\dTZ-]+\.sqlite\.tar$/ : /^forum-[\dTZ-]+\.sql\.tar$/,
    );
    expect(made.body).toMatchObject({
      format: dialect === "sqlite" ? "sqlite" : "pg_dump",
      scheduled: false,
    });
    expect(made.body.size).toBeGreaterThan(1000);
    const file = path.join(dataDir, "backups", made.body.fileName);
    // Only the finished archive is left: no temporary database or partial archive.
    expect(fs.readdirSync(path.join(dataDir, "backups"))).toEqual([made.body.fileName]);

    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), "forum-backup-unpacked-"));
    try {
      const database = path.join(unpacked, "database");
      expect(await unpackBackupArchive(file, database, path.join(unpacked, "uploads"))).toBe(
        made.body.format,
      );
      expect(fs.readFileSync(path.join(unpacked, "uploads", "2026", "11", `${"a".repeat(32)}.png`))).toEqual(
        logo,
      );
      if (dialect === "sqlite") {
        const copy = new SQLite(database, { readonly: true });
        const names = copy.prepare("select name from users order by userID").all() as Array<{ name: string }>;
        copy.close();
        expect(names.map((row) => row.name)).toEqual(
          expect.arrayContaining(["Backup Member", "Backup Admin"]),
        );
      } else {
        const script = fs.readFileSync(database, "utf8");
        expect(script).toContain("CREATE TABLE");
        expect(script).toContain("Backup Admin");
      }
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true });
    }

    const listed = await admin.client.get<BackupFile[]>("/api/v2/dashboard/backups");
    expect(listed.body).toEqual([made.body]);
    expect((await member.client.get("/api/v2/dashboard/backups")).status).toBe(403);

    const download = await admin.client.get(`/api/v2/dashboard/backups/${made.body.fileName}`);
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/x-tar");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${made.body.fileName}"`);
    // The archive itself: its first entry is the database.
    expect(download.text.slice(257, 262)).toBe("ustar");
    expect(download.text.slice(0, 15)).toBe(
      dialect === "sqlite" ? "database.sqlite" : "database.sql\u0000\u0000\u0000",
    );
    expect((await member.client.get(`/api/v2/dashboard/backups/${made.body.fileName}`)).status).toBe(403);
    expect((await admin.client.get("/api/v2/dashboard/backups/..%2Fforum.sqlite")).status).toBe(404);
    expect(
      (await admin.client.get("/api/v2/dashboard/backups/forum-2000-01-01T00-00-00-000Z.sqlite.tar")).status,
    ).toBe(404);
    expect((await admin.client.get(`/api/v2/dashboard/backups/${made.body.fileName}.partial`)).status).toBe(
      404,
    );
  });

  it("still lists and serves a backup of the older kind (the bare database), oldest last", async () => {
    const bare =
      dialect === "sqlite" ? "forum-2020-01-01T00-00-00-000Z.sqlite" : "forum-2020-01-01T00-00-00-000Z.sql";
    const bytes = dialect === "sqlite" ? "SQLite format 3\u0000rows" : "CREATE TABLE users ();\n";
    fs.writeFileSync(path.join(dataDir, "backups", bare), bytes);
    // Neither a half-made archive nor a stranger's file is a backup.
    fs.writeFileSync(path.join(dataDir, "backups", "forum-2021-01-01T00-00-00-000Z.sqlite.tar.partial"), "x");
    fs.writeFileSync(path.join(dataDir, "backups", "notes.txt"), "x");
    const listed = (await admin.client.get<BackupFile[]>("/api/v2/dashboard/backups")).body;
    expect(listed.map((backup) => backup.fileName)).toEqual([expect.stringMatching(/\.tar$/), bare]);
    expect(listed[1]).toMatchObject({
      format: dialect === "sqlite" ? "sqlite" : "pg_dump",
      scheduled: false,
      size: Buffer.byteLength(bytes),
    });
    const download = await admin.client.get(`/api/v2/dashboard/backups/${bare}`);
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/octet-stream");
    expect(download.text).toBe(bytes);
  });

  it("records the backup in the audit log", async () => {
    const log = await admin.client.get<Array<{ path: string }>>("/api/v2/audit-logs?recordType=dashboard");
    expect(log.body.map((entry) => entry.path)).toContain("/api/v2/dashboard/backups");
  });
});
