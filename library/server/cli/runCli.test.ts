import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { verifyPassword } from "../auth/passwords";
import { testConfig } from "../config/config";
import { openSqlite } from "../db/database";
import { runCli, type CliIO } from "./runCli";

function captureIO(): CliIO & { output: string[]; errors: string[] } {
  const output: string[] = [];
  const errors: string[] = [];
  return { output, errors, out: (text) => output.push(text), err: (text) => errors.push(text) };
}

describe("npm run forum -- <command>", () => {
  let dataDir: string;
  const config = () => testConfig({ dataDir, databaseUrl: null });

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-cli-"));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function readUser(name: string) {
    const handle = openSqlite(path.join(dataDir, "forum.sqlite"));
    try {
      const user = await handle.db
        .selectFrom("users")
        .select(["userID", "password", "isAdmin"])
        .where("nameKey", "=", name.toLowerCase())
        .executeTakeFirst();
      const roles = user
        ? await handle.db
            .selectFrom("userRoles")
            .innerJoin("roles", "roles.roleID", "userRoles.roleID")
            .select("roles.name")
            .where("userRoles.userID", "=", user.userID)
            .execute()
        : [];
      return user ? { ...user, roles: roles.map((role) => role.name) } : undefined;
    } finally {
      await handle.destroy();
    }
  }

  it("migrates an empty database and says so", async () => {
    const io = captureIO();
    expect(await runCli(["migrate"], [], config(), io)).toBe(0);
    expect(io.output.join("\n")).toContain("core/2026-11-22T1200_create_core_tables");
    const again = captureIO();
    expect(await runCli(["migrate"], [], config(), again)).toBe(0);
    expect(again.output.join("\n")).toBe("The database is up to date.");
  });

  it("creates a user with a role named in any case", async () => {
    const io = captureIO();
    const code = await runCli(
      [
        "user:create",
        "--name",
        "Mod",
        "--email",
        "mod@example.com",
        "--password",
        "moderator pass",
        "--role",
        "site manager",
      ],
      [],
      config(),
      io,
    );
    expect(code).toBe(0);
    const user = await readUser("Mod");
    expect(user?.roles).toEqual(["Site Manager"]);
    expect(await verifyPassword("moderator pass", user?.password ?? null)).toBe(true);
  });

  it("refuses an unknown role and a duplicate name without writing", async () => {
    const io = captureIO();
    expect(
      await runCli(
        [
          "user:create",
          "--name",
          "X",
          "--email",
          "x@example.com",
          "--password",
          "password1",
          "--role",
          "Wizard",
        ],
        [],
        config(),
        io,
      ),
    ).toBe(1);
    expect(io.errors.join("\n")).toContain('Unknown role "Wizard"');
    expect(await readUser("X")).toBeUndefined();
    await runCli(
      ["user:create", "--name", "Y", "--email", "y@example.com", "--password", "password1"],
      [],
      config(),
      captureIO(),
    );
    const duplicate = captureIO();
    expect(
      await runCli(
        ["user:create", "--name", "y", "--email", "other@example.com", "--password", "password1"],
        [],
        config(),
        duplicate,
      ),
    ).toBe(1);
    expect(duplicate.errors.join("\n")).toContain("already in use");
  });

  it("seeds the demo community once, with an administrator whose password it prints", async () => {
    const io = captureIO();
    expect(await runCli(["seed"], [], config(), io)).toBe(0);
    const password = /admin \/ (\S+)/.exec(io.output.join("\n"))?.[1];
    expect(password).toBeDefined();
    const admin = await readUser("admin");
    expect(admin?.roles).toEqual(["Administrator"]);
    expect(await verifyPassword(password ?? "", admin?.password ?? null)).toBe(true);
    const again = captureIO();
    await runCli(["seed"], [], config(), again);
    expect(again.output.join("\n")).toContain("nothing seeded");
  });

  it("sets a user's password", async () => {
    await runCli(
      ["user:create", "--name", "Ann", "--email", "ann@example.com", "--password", "first password"],
      [],
      config(),
      captureIO(),
    );
    expect(
      await runCli(
        ["user:password", "--name", "ann", "--password", "second password"],
        [],
        config(),
        captureIO(),
      ),
    ).toBe(0);
    expect(await verifyPassword("second password", (await readUser("Ann"))?.password ?? null)).toBe(true);
    const short = captureIO();
    expect(await runCli(["user:password", "--name", "ann", "--password", "short"], [], config(), short)).toBe(
      1,
    );
  });

  it("prints the usage for an unknown command", async () => {
    const io = captureIO();
    expect(await runCli(["launch"], [], config(), io)).toBe(1);
    expect(io.errors.join("\n")).toContain("Usage: npm run forum -- <command>");
  });
});
