import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BackupFile } from "@forum/api/backups";
import { signedInClient } from "@library/server/testing/factories";
import {
  createTestApp,
  createTestAppsSharingDatabase,
  testDialects,
  type TestApp,
} from "@library/server/testing/testApp";
import { dashboardApplication } from "../dashboardApplication";
import { writeSettings } from "../testing/dashboardTesting";
import { currentBackupSlot } from "./backupSchedule";
import { claimDueBackupSlot } from "./scheduledBackups";

describe("currentBackupSlot", () => {
  const at = (iso: string) => new Date(iso);

  it("is off without a schedule", () => {
    expect(currentBackupSlot("off", 3, at("2026-11-25T10:00:00Z"))).toBeNull();
  });

  it("is today's hour once it has passed, else yesterday's", () => {
    expect(currentBackupSlot("daily", 3, at("2026-11-25T10:00:00Z"))?.key).toBe("daily-2026-11-25T03");
    expect(currentBackupSlot("daily", 3, at("2026-11-25T02:59:59Z"))?.key).toBe("daily-2026-11-24T03");
    expect(currentBackupSlot("daily", 0, at("2026-11-25T00:00:00Z"))?.key).toBe("daily-2026-11-25T00");
  });

  it("is the last Sunday at the hour for a weekly schedule", () => {
    // 2026-11-25 is a Wednesday; 2026-11-22 a Sunday.
    expect(currentBackupSlot("weekly", 3, at("2026-11-25T10:00:00Z"))?.key).toBe("weekly-2026-11-22T03");
    expect(currentBackupSlot("weekly", 3, at("2026-11-22T02:00:00Z"))?.key).toBe("weekly-2026-11-15T03");
    expect(currentBackupSlot("weekly", 23, at("2026-11-29T23:30:00Z"))?.key).toBe("weekly-2026-11-29T23");
  });
});

describe.each(testDialects)("scheduled backups on %s", (dialect) => {
  let apps: TestApp[];
  let close: () => Promise<void>;
  let dataDir: string;

  const backupsOnDisk = () =>
    fs.existsSync(path.join(dataDir, "backups")) ? fs.readdirSync(path.join(dataDir, "backups")).sort() : [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-scheduled-"));
    // The test claims the slots itself, at the times it names: the apps' own minute checks are off.
    ({ apps, close } = await createTestAppsSharingDatabase(
      dialect,
      [dashboardApplication],
      2,
      { dataDir },
      { scheduleChecks: false },
    ));
  });
  afterAll(async () => {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("makes one backup per slot even when two processes look at once, and none while off", async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error("Two apps expected.");
    const now = new Date("2026-11-25T10:00:00Z");
    expect(await claimDueBackupSlot(first.context, now)).toBeNull();

    await writeSettings(first.context, { "backups.schedule": "daily", "backups.hour": 3, "backups.keep": 2 });
    await second.context.settings.refresh();
    const lookers = [first, second, first];
    // PostgreSQL: at once. SQLite: one after the other, since two connections in one Node thread would wait on
    // each other's writer lock synchronously (separate processes queue on it; BEGIN IMMEDIATE serialises them).
    const claims =
      dialect === "postgres"
        ? await Promise.all(lookers.map((app) => claimDueBackupSlot(app.context, now)))
        : [
            await claimDueBackupSlot(first.context, now),
            await claimDueBackupSlot(second.context, now),
            await claimDueBackupSlot(first.context, now),
          ];
    expect(claims.filter((claim) => claim !== null)).toEqual(["daily-2026-11-25T03"]);
    await Promise.all([first.context.jobs.drain(), second.context.jobs.drain()]);
    expect(await claimDueBackupSlot(second.context, now)).toBeNull();
    const files = backupsOnDisk();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(dialect === "sqlite" ? /-scheduled\.sqlite\.tar$/ : /-scheduled\.sql\.tar$/);
  });

  it("keeps the last N scheduled backups and every backup made by hand; the list marks the scheduled ones", async () => {
    const [first] = apps;
    if (!first) throw new Error("An app expected.");
    const admin = await signedInClient(first, { role: "Administrator" });
    const manual = await admin.client.post<BackupFile>("/api/v2/dashboard/backups");
    expect(manual.body.scheduled).toBe(false);
    for (const day of ["2026-11-26", "2026-11-27"]) {
      // Backup names are stamped to the millisecond: a new slot a moment later gets a new name.
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await claimDueBackupSlot(first.context, new Date(`${day}T04:00:00Z`))).toBe(`daily-${day}T03`);
      await first.context.jobs.drain();
    }
    const listed = await admin.client.get<BackupFile[]>("/api/v2/dashboard/backups");
    expect(listed.body.filter((backup) => backup.scheduled)).toHaveLength(2);
    expect(listed.body.filter((backup) => !backup.scheduled).map((backup) => backup.fileName)).toEqual([
      manual.body.fileName,
    ]);
    expect(backupsOnDisk()).toHaveLength(3);

    // Retention counts the older bare backups of the schedule with the archives: the oldest go first.
    const older = [
      "forum-2020-01-01T03-00-00-000Z-scheduled.sqlite",
      "forum-2020-01-02T03-00-00-000Z-scheduled.sql",
    ];
    for (const name of older) fs.writeFileSync(path.join(dataDir, "backups", name), "old");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await claimDueBackupSlot(first.context, new Date("2026-11-28T04:00:00Z"))).toBe(
      "daily-2026-11-28T03",
    );
    await first.context.jobs.drain();
    const kept = backupsOnDisk();
    expect(kept).toHaveLength(3);
    expect(kept).toContain(manual.body.fileName);
    for (const name of older) expect(kept).not.toContain(name);
    expect(
      kept.filter((name) => name.endsWith("-scheduled.sqlite.tar") || name.endsWith("-scheduled.sql.tar")),
    ).toHaveLength(2);
  });

  it("refuses bad schedule settings and members, keeping the schedule", async () => {
    const [first] = apps;
    if (!first) throw new Error("An app expected.");
    const admin = await signedInClient(first, { role: "Administrator" });
    const member = await signedInClient(first);
    for (const bad of [{ "backups.schedule": "hourly" }, { "backups.hour": 24 }, { "backups.keep": 0 }]) {
      const response = await admin.client.patch("/api/v2/config", bad);
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({ errors: [{ field: Object.keys(bad)[0] }] });
    }
    expect((await member.client.patch("/api/v2/config", { "backups.schedule": "off" })).status).toBe(403);
    expect((await member.client.get("/api/v2/dashboard/settings/backups")).status).toBe(403);
    const group = await admin.client.get<{ fields: Array<{ key: string }> }>(
      "/api/v2/dashboard/settings/backups",
    );
    expect(group.body.fields.map((field) => field.key)).toEqual([
      "backups.schedule",
      "backups.hour",
      "backups.keep",
    ]);
    const config = await admin.client.get<Record<string, unknown>>("/api/v2/config?select=backups.*");
    expect(config.body).toEqual({ "backups.schedule": "daily", "backups.hour": 3, "backups.keep": 2 });
  });
});

describe.each(testDialects)("the schedule check of a running server on %s", (dialect) => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-schedule-clock-"));
    app = await createTestApp(
      dialect,
      [dashboardApplication],
      { dataDir },
      { clock: () => new Date("2026-11-25T10:00:00Z") },
    );
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("claims the slot due at the time of the app's clock, soon after start", async () => {
    await writeSettings(app.context, { "backups.schedule": "daily", "backups.hour": 3 });
    const claimedSlots = () => app.context.db.selectFrom("backupSlots").select("slot").execute();
    for (let waited = 0; waited < 30_000 && (await claimedSlots()).length === 0; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await claimedSlots()).toEqual([{ slot: "daily-2026-11-25T03" }]);
  }, 40_000);
});
