import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { testConfig } from "@library/server/config/config";
import { openSqlite } from "@library/server/db/database";
import { runCli, type CliIO } from "@library/server/cli/runCli";
import { serverApplications } from "../../../serverApplications";

function captureIO(): CliIO & { output: string[]; errors: string[] } {
  const output: string[] = [];
  const errors: string[] = [];
  return { output, errors, out: (text) => output.push(text), err: (text) => errors.push(text) };
}

// Each command builds the whole app on a fresh SQLite file: more than Jest's default 5 s on a busy machine.
jest.setTimeout(60_000);

describe("the administrator's commands (npm run forum -- …)", () => {
  let dataDir: string;
  const config = () => testConfig({ dataDir, databaseUrl: null });
  const run = async (...argv: string[]) => {
    const io = captureIO();
    const code = await runCli(argv, serverApplications, config(), io);
    return { code, out: io.output.join("\n"), err: io.errors.join("\n") };
  };

  // Made once by the same commands an administrator runs; each test gets a fresh copy of it (a data directory
  // holds the SQLite file): migrating and building the app for each user cost 3 s of CPU a test.
  let preparedDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-admin-cli-prepared-"));
    preparedDir = dataDir;
    expect((await run("migrate")).code).toBe(0);
    for (const [name, role] of [
      ["Ada", "Administrator"],
      ["Mel", "Member"],
    ] as const)
      expect(
        (
          await run(
            "user:create",
            "--name",
            name,
            "--email",
            `${name}@example.com`,
            "--password",
            "a long password",
            "--role",
            role,
          )
        ).code,
      ).toBe(0);
  });
  afterAll(() => fs.rmSync(preparedDir, { recursive: true, force: true }));

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-admin-cli-"));
    fs.cpSync(preparedDir, dataDir, { recursive: true });
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function inDatabase<T>(read: (db: ReturnType<typeof openSqlite>["db"]) => Promise<T>): Promise<T> {
    const handle = openSqlite(path.join(dataDir, "forum.sqlite"));
    try {
      return await read(handle.db);
    } finally {
      await handle.destroy();
    }
  }

  it("reads and sets a setting with the dashboard's checks", async () => {
    expect(await run("settings:set", "garden.title", "Gardeners")).toMatchObject({ code: 0 });
    expect(await run("settings:get", "garden.title")).toMatchObject({ code: 0, out: '"Gardeners"' });
    const refused = await run("settings:set", "garden.title", "");
    expect(refused.code).not.toBe(0);
    expect(await run("settings:get", "garden.title")).toMatchObject({ out: '"Gardeners"' });
    expect((await run("settings:get", "no.such.setting")).code).not.toBe(0);
  });

  it("grants and revokes one permission, leaving the role's other grants", async () => {
    const grantsOf = () =>
      inDatabase((db) =>
        db
          .selectFrom("rolePermissions")
          .innerJoin("roles", "roles.roleID", "rolePermissions.roleID")
          .select("permission")
          .where("roles.name", "=", "Member")
          .where("resourceType", "=", "global")
          .execute()
          .then((rows) => rows.map((row) => row.permission).sort()),
      );
    const before = await grantsOf();
    expect(before).not.toContain("curation.manage");
    expect(await run("role:grant", "--role", "member", "--permission", "curation.manage")).toMatchObject({
      code: 0,
    });
    expect(await grantsOf()).toEqual([...before, "curation.manage"].sort());
    expect(
      await run("role:grant", "--role", "Member", "--permission", "curation.manage", "--revoke"),
    ).toMatchObject({ code: 0 });
    expect(await grantsOf()).toEqual(before);
    expect((await run("role:grant", "--role", "Nobody", "--permission", "x")).code).not.toBe(0);
  });

  it("bans a member for a number of days with a reason, and lifts the ban", async () => {
    const banned = await run("user:ban", "--name", "mel", "--days", "7", "--reason", "Spam");
    expect(banned).toMatchObject({ code: 0 });
    expect(banned.out).toMatch(/^Banned mel until \d{4}-/);
    const row = () =>
      inDatabase((db) =>
        db.selectFrom("users").select("banned").where("nameKey", "=", "mel").executeTakeFirstOrThrow(),
      );
    expect((await row()).banned).toBe(1);
    expect(await run("user:unban", "--name", "Mel")).toMatchObject({ code: 0 });
    expect((await row()).banned).toBe(0);
    expect((await run("user:ban", "--name", "nobody")).code).not.toBe(0);
    expect((await run("user:ban", "--name", "Mel", "--days", "0")).code).not.toBe(0);
  });

  it("makes a backup that restores into a fresh data directory", async () => {
    expect(await run("settings:set", "garden.title", "Backed Up")).toMatchObject({ code: 0 });
    const made = await run("backup");
    expect(made.code).toBe(0);
    const [fileName] = fs.readdirSync(path.join(dataDir, "backups"));
    expect(fileName).toMatch(/^forum-[\dTZ-]+\.sqlite\.tar$/);
    const file = path.join(dataDir, "backups", fileName ?? "");
    expect(made.out).toBe(`Made ${file} (${fs.statSync(file).size} bytes).`);

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "forum-admin-cli-restore-"));
    try {
      const io = captureIO();
      expect(
        await runCli(
          ["restore", file],
          serverApplications,
          testConfig({ dataDir: fresh, databaseUrl: null }),
          io,
        ),
      ).toBe(0);
      const restored = captureIO();
      expect(
        await runCli(
          ["settings:get", "garden.title"],
          serverApplications,
          testConfig({ dataDir: fresh, databaseUrl: null }),
          restored,
        ),
      ).toBe(0);
      expect(restored.output).toEqual(['"Backed Up"']);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });
});
