import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { migrationSets } from "../app/buildContext";
import type { ServerApplication } from "../app/serverApplication";
import { openPostgres } from "../db/database";
import { migrateToLatest } from "../db/migrate";
import { migrationSetsKey, TEMPLATES_ENV } from "./sqliteTemplate";

/** The prefix of this Jest run's template databases: the global teardown drops every database that has it. */
export function templateDatabasePrefix(): string | null {
  const folder = process.env[TEMPLATES_ENV];
  if (!folder) return null;
  // The run's templates folder is unique per run: its name keeps runs (and changed migrations) apart.
  const run = createHash("sha256").update(path.basename(folder)).digest("hex").slice(0, 8);
  return `forum_tpl_${run}_`;
}

/** `url` with its database replaced by `database` (query options kept). */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Templates this process has already seen made: no need to ask the server again. */
const knownTemplates = new Set<string>();

/**
 * The name of a database on which every migration of the core and `applications` has run, made once per Jest run
 * (whichever worker comes first, under an advisory lock; the others wait for it). Made under another name and
 * renamed when complete, so no worker ever copies a half-migrated template.
 */
async function migratedTemplate(url: string, applications: readonly ServerApplication[]): Promise<string> {
  const prefix = templateDatabasePrefix();
  if (!prefix) throw new Error("No Jest run: no template databases.");
  const sets = migrationSets(applications);
  const name = `${prefix}${migrationSetsKey(sets)}`;
  if (knownTemplates.has(name)) return name;
  await withClient(url, async (admin) => {
    const lock = Number.parseInt(name.slice(-12), 16) % 2 ** 31;
    await admin.query("select pg_advisory_lock($1)", [lock]);
    try {
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) return;
      const partial = `${name}_partial`;
      await admin.query(`drop database if exists "${partial}" with (force)`);
      await admin.query(`create database "${partial}"`);
      const handle = openPostgres(databaseUrl(url, partial), 2);
      try {
        await migrateToLatest(handle.db as never, sets);
      } finally {
        await handle.destroy();
      }
      await admin.query(`alter database "${partial}" rename to "${name}"`);
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [lock]);
    }
  });
  knownTemplates.add(name);
  return name;
}

/**
 * A fresh PostgreSQL database for one test app, copied from the run's migrated template (`CREATE DATABASE …
 * TEMPLATE`, a file copy on the server) instead of running ~100 migrations for every app; its `drop` removes it.
 * Null when this is not a Jest run or the account may not create databases (then the caller migrates a schema
 * of its own).
 */
export async function copyOfMigratedDatabase(
  url: string,
  applications: readonly ServerApplication[],
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  if (!templateDatabasePrefix()) return null;
  let template: string;
  try {
    template = await migratedTemplate(url, applications);
  } catch (error) {
    // 42501: insufficient privilege (an account without CREATEDB).
    if ((error as { code?: string }).code === "42501") return null;
    throw error;
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  await withClient(url, (admin) => admin.query(`create database "${name}" template "${template}"`));
  return {
    url: databaseUrl(url, name),
    drop: () =>
      withClient(url, (admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(
        () => undefined,
      ),
  };
}
