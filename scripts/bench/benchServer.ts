// What the write benchmarks share: a scratch database (a temporary SQLite file, or a fresh schema in the
// PostgreSQL database given), the app listening on a port with its jobs running, and signed-in sessions.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { serverApplications } from "../../applications/serverApplications";
import type { AppContext } from "../../library/server/app/appContext";
import { buildApp } from "../../library/server/app/buildApp";
import { createSession } from "../../library/server/auth/sessions";
import { loadConfig } from "../../library/server/config/config";
import { openPostgres, openSqlite, type DatabaseHandle } from "../../library/server/db/database";
import { createTestUser } from "../../library/server/testing/factories";

/** The value below which `fraction` of the sorted values lie (p50: 0.5, p95: 0.95). */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

interface ScratchDatabase {
  handle: DatabaseHandle;
  /** Where uploads and other files go (the SQLite file's folder, or a folder of its own). */
  dataDir: string;
  drop(): Promise<void>;
}

/** A database nobody else uses, removed by `drop`: a temporary SQLite file, or a new PostgreSQL schema. */
async function openScratchDatabase(databaseUrl: string, label: string): Promise<ScratchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `forum-bench-${label}-`));
  const removeDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  if (!databaseUrl)
    return { handle: openSqlite(path.join(dir, "forum.sqlite")), dataDir: dir, drop: removeDir };
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE SCHEMA "${schema}"`);
  const separator = databaseUrl.includes("?") ? "&" : "?";
  return {
    handle: openPostgres(
      `${databaseUrl}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    ),
    dataDir: dir,
    drop: async () => {
      await admin(`DROP SCHEMA "${schema}" CASCADE`);
      await removeDir();
    },
  };
}

export interface BenchServer {
  context: AppContext;
  /** http://127.0.0.1:port */
  base: string;
  /** A new member with this role, signed in: their user id and session cookie. */
  signedIn(role?: "Member" | "Moderator" | "Administrator"): Promise<{ userID: number; cookie: string }>;
  close(): Promise<void>;
}

/**
 * The app on `port` over a scratch database, with its jobs running and without rate limits or the spam
 * score (a benchmark posts faster than any member).
 */
export async function startBenchServer(options: {
  databaseUrl: string;
  label: string;
  port: number;
}): Promise<BenchServer> {
  const database = await openScratchDatabase(options.databaseUrl, options.label);
  const config = {
    ...loadConfig({ LOG_LEVEL: "warn" }),
    port: options.port,
    host: "127.0.0.1",
    rateLimits: false,
    spamScore: false,
    dataDir: database.dataDir,
  };
  const { app, context } = await buildApp({
    config,
    database: database.handle,
    applications: serverApplications,
  });
  await app.listen({ port: options.port, host: "127.0.0.1" });
  context.jobs.start();
  const cookieName = context.settings.peek<string>("garden.cookie.name");
  return {
    context,
    base: `http://127.0.0.1:${options.port}`,
    async signedIn(role = "Member") {
      const user = await createTestUser(context, { role });
      const session = await createSession(context.db, user.userID, false);
      return { userID: user.userID, cookie: `${cookieName}=${session.token}` };
    },
    async close() {
      await app.close();
      await database.handle.destroy();
      await database.drop();
    },
  };
}
