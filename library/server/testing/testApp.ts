import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import type { AppContext } from "../app/appContext";
import { buildApp, type BuildAppOptions, type RegisteredRoute } from "../app/buildApp";
import type { SchemaCompilations } from "../http/schemaCompilations";
import type { ServerApplication } from "../app/serverApplication";
import { testConfig, testDatabaseUrl, type ServerConfig } from "../config/config";
import { openPostgres, openSqlite, type Dialect, type QueryObserver } from "../db/database";
import { copyOfMigratedDatabase } from "./postgresTemplate";
import { migratedSqliteBytes } from "./sqliteTemplate";

/**
 * Every API test runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set. TEST_DIALECTS
 * (`postgres`, `sqlite`) narrows a run to some of them: CI runs the whole suite as a newcomer would (SQLite), then
 * the API suites once more on PostgreSQL alone.
 */
export const testDialects: Dialect[] = dialectsOfThisRun();

function dialectsOfThisRun(): Dialect[] {
  const available: Dialect[] = testDatabaseUrl() ? ["sqlite", "postgres"] : ["sqlite"];
  const wanted = (process.env.TEST_DIALECTS ?? "").split(",").filter(Boolean);
  if (wanted.length === 0) return available;
  const chosen = available.filter((dialect) => wanted.includes(dialect));
  if (chosen.length === 0)
    throw new Error(
      `TEST_DIALECTS=${wanted.join(",")} names no database this run has (${available.join(", ")}).`,
    );
  return chosen;
}

/**
 * The dialects among `wanted` that this run has: PostgreSQL only with TEST_DATABASE_URL. For behaviour only some
 * databases have, as `for (const dialect of dialectsAmong(["postgres"])) describe(…)`, which defines nothing
 * when the run lacks them. Never give the result to `.each`: Jest refuses an empty table and fails the whole file
 * (the lint rule refuses a computed table); the run's global setup says once which databases it has.
 */
export function dialectsAmong(wanted: readonly Dialect[]): Dialect[] {
  return testDialects.filter((dialect) => wanted.includes(dialect));
}

export const TEST_ORIGIN = "http://localhost:80";

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  /** Every route the app serves. */
  routes: RegisteredRoute[];
  /** Route schemas not compiled yet (they compile on first use). */
  schemas: SchemaCompilations;
  /** A client without a session. */
  guest(): TestClient;
  /** The SQL text of every statement the database ran while `action` did (and awaited) its work. */
  statementsOf(action: () => Promise<unknown>): Promise<string[]>;
  close(): Promise<void>;
}

/** Collects statements for `statementsOf`: the database handle reports each one here. */
function statementRecorder() {
  let recording: string[] | null = null;
  return {
    onQuery: (sql: string) => {
      recording?.push(sql);
    },
    statementsOf: async (action: () => Promise<unknown>): Promise<string[]> => {
      const statements: string[] = [];
      recording = statements;
      try {
        await action();
      } finally {
        recording = null;
      }
      return statements;
    },
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse["headers"];
  text: string;
}

/** An API client over `inject` that keeps its session cookie and sends the app marker and Referer (CSRF). */
export class TestClient {
  cookie: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly cookieName: string,
    /**
     * Runs after every request. Test apps pass the job queue's `drain`, so a test sees a request's side effects
     * (notifications, mail) as a member would a moment later, without a worker loop racing the test.
     */
    private readonly afterRequest: () => Promise<unknown> = () => Promise.resolve(),
  ) {}

  async request<T = unknown>(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const path = url.startsWith("/") ? url : `/api/v2/${url}`;
    const response = await this.app.inject({
      method,
      url: path,
      headers: {
        "x-requested-with": "vanilla",
        referer: `${TEST_ORIGIN}/`,
        host: "localhost:80",
        ...(this.cookie ? { cookie: `${this.cookieName}=${this.cookie}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const setCookie = response.cookies.find((c) => c.name === this.cookieName);
    if (setCookie) this.cookie = setCookie.value && setCookie.maxAge !== 0 ? setCookie.value : null;
    await this.afterRequest();
    const text = response.body;
    let parsed: unknown = text;
    if ((response.headers["content-type"] ?? "").toString().includes("json") && text)
      parsed = JSON.parse(text);
    return { status: response.statusCode, body: parsed as T, headers: response.headers, text };
  }

  /** A page as a browser asks for it: the session cookie only, none of the API's headers; the raw answer. */
  page(url: string): Promise<LightMyRequestResponse> {
    return this.app.inject({
      url,
      headers: {
        host: "localhost:80",
        ...(this.cookie ? { cookie: `${this.cookieName}=${this.cookie}` } : {}),
      },
    });
  }

  get<T = unknown>(url: string, headers?: Record<string, string>) {
    return this.request<T>("GET", url, undefined, headers);
  }
  post<T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("POST", url, body ?? {}, headers);
  }
  patch<T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PATCH", url, body ?? {}, headers);
  }
  put<T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("PUT", url, body ?? {}, headers);
  }
  delete<T = unknown>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>("DELETE", url, body, headers);
  }
}

async function openTestDatabase(
  dialect: Dialect,
  applications: readonly ServerApplication[],
  onQuery?: QueryObserver,
) {
  if (dialect === "sqlite")
    return {
      // A copy of the run's migrated database when there is one (the app's migrator then has nothing to do).
      handle: openSqlite((await migratedSqliteBytes(applications)) ?? ":memory:", "normal", onQuery),
      location: ":memory:",
      reopen: () => {
        throw new Error("An in-memory SQLite database cannot be shared; use openSharedTestDatabase.");
      },
      drop: () => Promise.resolve(),
    };
  const url = testDatabaseUrl();
  if (!url) throw new Error("TEST_DATABASE_URL is not set.");
  // A copy of the run's migrated database when the account may create databases (the app's migrator then has
  // nothing to do); otherwise a schema of its own, migrated by the app.
  const copy = await copyOfMigratedDatabase(url, applications);
  if (copy)
    return {
      handle: openPostgres(copy.url, 4, undefined, onQuery),
      location: copy.url,
      reopen: () => openPostgres(copy.url, 4, undefined, onQuery),
      drop: copy.drop,
    };
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const separator = url.includes("?") ? "&" : "?";
  const schemaUrl = `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const handle = openPostgres(schemaUrl, 4, undefined, onQuery);
  return {
    handle,
    location: schemaUrl,
    reopen: () => openPostgres(schemaUrl, 4, undefined, onQuery),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA "${schema}" CASCADE`);
      await cleanup.end();
    },
  };
}

/** A whole server on a fresh database (in-memory SQLite, or a fresh PostgreSQL database or schema). */
export async function createTestApp(
  dialect: Dialect,
  applications: readonly ServerApplication[],
  configOverrides: Partial<ServerConfig> = {},
  options: Pick<BuildAppOptions, "addons" | "addonRefreshSeconds" | "clock" | "scheduleChecks"> = {},
): Promise<TestApp> {
  const recorder = statementRecorder();
  const { handle, drop } = await openTestDatabase(dialect, applications, recorder.onQuery);
  const { app, context, routes, schemas } = await buildApp({
    config: testConfig(configOverrides),
    database: handle,
    applications,
    ...options,
  });
  await app.ready();
  const cookieName = context.settings.peek<string>("garden.cookie.name");
  return {
    app,
    context,
    routes,
    schemas,
    guest: () => new TestClient(app, cookieName, () => context.jobs.drain()),
    statementsOf: recorder.statementsOf,
    close: async () => {
      await app.close();
      await handle.destroy();
      await drop();
    },
  };
}

/**
 * Several whole servers on one fresh database, as several server processes behind a load balancer: on
 * PostgreSQL each has its own pool (and live-bus connection) on one schema; on SQLite they share a temporary
 * file. Close them with the returned `close`, which drops the database after the last one.
 */
export async function createTestAppsSharingDatabase(
  dialect: Dialect,
  applications: readonly ServerApplication[],
  count = 2,
  configOverrides: Partial<ServerConfig> = {},
  options: Pick<BuildAppOptions, "addons" | "addonRefreshSeconds" | "clock" | "scheduleChecks"> = {},
): Promise<{
  apps: TestApp[];
  /** Where another process finds the database: the SQLite file, or the PostgreSQL URL with its schema. */
  location: string;
  close(): Promise<void>;
}> {
  // The apps share one recorder: `statementsOf` lists what every server ran on the shared database.
  const recorder = statementRecorder();
  const shared =
    dialect === "sqlite"
      ? openSharedSqlite(recorder.onQuery, await migratedSqliteBytes(applications))
      : await openTestDatabase(dialect, applications, recorder.onQuery);
  const apps: TestApp[] = [];
  for (let index = 0; index < count; index += 1) {
    const handle = index === 0 ? shared.handle : shared.reopen();
    const { app, context, routes, schemas } = await buildApp({
      config: testConfig(configOverrides),
      database: handle,
      applications,
      ...options,
    });
    await app.ready();
    const cookieName = context.settings.peek<string>("garden.cookie.name");
    apps.push({
      app,
      context,
      routes,
      schemas,
      guest: () => new TestClient(app, cookieName, () => context.jobs.drain()),
      statementsOf: recorder.statementsOf,
      close: async () => {
        await app.close();
        await handle.destroy();
      },
    });
  }
  return {
    apps,
    location: shared.location,
    close: async () => {
      for (const testApp of apps) await testApp.close();
      await shared.drop();
    },
  };
}

function openSharedSqlite(onQuery: QueryObserver, migrated: Buffer | null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-test-"));
  const file = path.join(dir, "forum.sqlite");
  if (migrated) fs.writeFileSync(file, migrated);
  return {
    handle: openSqlite(file, "normal", onQuery),
    location: file,
    reopen: () => openSqlite(file, "normal", onQuery),
    drop: async () => {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Row count of a table: for asserting that a refused write changed nothing. */
export async function countRows(
  context: AppContext,
  table: "users" | "sessions" | "roles" | "configValues" | "mailOutbox",
): Promise<number> {
  const row = await sql<{ count: number }>`select count(*) as "count" from ${sql.table(table)}`.execute(
    context.db,
  );
  return Number(row.rows[0]?.count ?? 0);
}

/** The path (with query and fragment) of a link an API answer wrote absolute, for comparing with page hrefs. */
export function sitePath(url: string): string {
  const parsed = new URL(url, TEST_ORIGIN);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
