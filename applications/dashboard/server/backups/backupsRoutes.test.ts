import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BackupFile } from "@forum/api/backups";
import { signedInClient, type TestUser } from "@library/server/testing/factories";
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

  it("makes a consistent snapshot holding the site's rows, lists it and serves it to administrators only", async () => {
    expect((await member.client.post("/api/v2/dashboard/backups")).status).toBe(403);
    expect((await admin.client.get<BackupFile[]>("/api/v2/dashboard/backups")).body).toEqual([]);

    const made = await admin.client.post<BackupFile>("/api/v2/dashboard/backups");
    expect(made.status).toBe(201);
    expect(made.body.fileName).toMatch(dialect === "sqlite" ? /^forum-.*\.sqlite$/ : /^forum-.*\.sql$/);
    expect(made.body.size).toBeGreaterThan(1000);
    const file = path.join(dataDir, "backups", made.body.fileName);
    expect(fs.readdirSync(path.join(dataDir, "backups"))).toEqual([made.body.fileName]);

    if (dialect === "sqlite") {
      const copy = new SQLite(file, { readonly: true });
      const names = copy.prepare("select name from users order by userID").all() as Array<{ name: string }>;
      copy.close();
      expect(names.map((row) => row.name)).toEqual(expect.arrayContaining(["Backup Member", "Backup Admin"]));
    } else {
      const script = fs.readFileSync(file, "utf8");
      expect(script).toContain("CREATE TABLE");
      expect(script).toContain("Backup Admin");
    }

    const listed = await admin.client.get<BackupFile[]>("/api/v2/dashboard/backups");
    expect(listed.body).toEqual([made.body]);
    expect((await member.client.get("/api/v2/dashboard/backups")).status).toBe(403);

    const download = await admin.client.get(`/api/v2/dashboard/backups/${made.body.fileName}`);
    expect(download.status).toBe(200);
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${made.body.fileName}"`);
    expect((await member.client.get(`/api/v2/dashboard/backups/${made.body.fileName}`)).status).toBe(403);
    expect((await admin.client.get("/api/v2/dashboard/backups/..%2Fforum.sqlite")).status).toBe(404);
    expect(
      (await admin.client.get("/api/v2/dashboard/backups/forum-2000-01-01T00-00-00-000Z.sqlite")).status,
    ).toBe(404);
  });

  it("records the backup in the audit log", async () => {
    const log = await admin.client.get<Array<{ path: string }>>("/api/v2/audit-logs?recordType=dashboard");
    expect(log.body.map((entry) => entry.path)).toContain("/api/v2/dashboard/backups");
  });
});
