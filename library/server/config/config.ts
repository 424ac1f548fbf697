import path from "node:path";
import type { SqliteCheckpoints } from "../db/walCheckpoints";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** Everything the server reads from its environment. `process.env` is read here and nowhere else. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the SQLite file and uploads. */
  dataDir: string;
  /** PostgreSQL connection string; when empty the embedded SQLite database is used. */
  databaseUrl: string | null;
  /** SQLite durability (`SQLITE_SYNCHRONOUS`): `normal` (default) or `full` (every commit synced to disk). */
  sqliteSynchronous: "normal" | "full";
  /**
   * Who checkpoints SQLite's log (`walCheckpoints.ts`): `self`, or `primary` in the workers of several server
   * processes, whose primary sets `SQLITE_CHECKPOINTS=primary` for them.
   */
  sqliteCheckpoints: SqliteCheckpoints;
  logLevel: LogLevel;
  /** Public origin of the site, used for absolute URLs (paging headers, mail links). */
  siteUrl: string | null;
  /** Host names (`forum.example.com`, `localhost:3000`) the server answers; empty answers every host. */
  allowedHosts: string[];
  /** Shows stack traces in error bodies. */
  debug: boolean;
  smtp: { host: string; port: number; user: string | null; password: string | null; from: string } | null;
  /** Folder holding the built client bundles and their manifest. */
  distDir: string;
  /** Trust X-Forwarded-* headers from a proxy in front of the server. */
  trustProxy: boolean;
  /** Seconds a guest's page or list may be served from the anonymous cache (0 turns it off). */
  guestCacheSeconds: number;
  /**
   * Seconds a page rendered for members with the same roles may serve another of them, each member's own state
   * (reactions, bookmark, reading) added per request (0 turns it off).
   */
  sharedPageSeconds: number;
  /**
   * Megabytes all of a process's answer caches (the guest cache, the members' shared pages and lists, their
   * states, search answers) may keep together; each also has a limit of its own (`CACHE_MEMORY_MB`).
   */
  cacheMemoryMegabytes: number;
  /** Per-action rate limits (sign-in, registration, posting…); `RATE_LIMITS=off` turns them all off. */
  rateLimits: boolean;
  /**
   * The built-in spam score that holds suspicious posts for moderators (`SPAM_SCORE=off` turns it off for a
   * process; the site's own switch is the `moderation.spamThreshold` setting).
   */
  spamScore: boolean;
  /**
   * How long a stopping server (SIGTERM, SIGINT) may take, in seconds (`SHUTDOWN_SECONDS`, default 10): past it
   * the process ends with whatever is still open.
   */
  shutdownSeconds: number;
}

const LOG_LEVELS: readonly LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * The caches' memory by default. Their own limits add up to about 190 MB, more than a small server's process
 * should hold for answers it can make again.
 */
export const DEFAULT_CACHE_MEMORY_MEGABYTES = 64;

function readInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, got "${value}".`);
  return parsed;
}

function readBool(value: string | undefined): boolean {
  return value !== undefined && ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

function readSynchronous(value: string | undefined): "normal" | "full" {
  const normalized = (value ?? "normal").toLowerCase();
  if (normalized !== "normal" && normalized !== "full")
    throw new Error(`SQLITE_SYNCHRONOUS must be "normal" or "full", got "${value}".`);
  return normalized;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const logLevel = (env.LOG_LEVEL ?? "info").toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}.`);
  const smtpHost = env.SMTP_HOST ?? "";
  return {
    port: readInt(env.PORT, 3000, "PORT"),
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(cwd, env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL ? env.DATABASE_URL : null,
    sqliteSynchronous: readSynchronous(env.SQLITE_SYNCHRONOUS),
    sqliteCheckpoints: env.SQLITE_CHECKPOINTS === "primary" ? "primary" : "self",
    logLevel,
    siteUrl: env.SITE_URL ? env.SITE_URL.replace(/\/+$/, "") : null,
    allowedHosts: (env.ALLOWED_HOSTS ?? "")
      .split(",")
      .map((host) => host.trim())
      .filter(Boolean),
    debug: readBool(env.DEBUG),
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: readInt(env.SMTP_PORT, 587, "SMTP_PORT"),
          user: env.SMTP_USER ?? null,
          password: env.SMTP_PASSWORD ?? null,
          from: env.SMTP_FROM ?? `forum@${smtpHost}`,
        }
      : null,
    distDir: path.resolve(cwd, env.DIST_DIR ?? "dist"),
    trustProxy: readBool(env.TRUST_PROXY),
    guestCacheSeconds: readInt(env.GUEST_CACHE_SECONDS, 2, "GUEST_CACHE_SECONDS"),
    sharedPageSeconds: readInt(env.SHARED_PAGE_SECONDS, 2, "SHARED_PAGE_SECONDS"),
    cacheMemoryMegabytes: readInt(env.CACHE_MEMORY_MB, DEFAULT_CACHE_MEMORY_MEGABYTES, "CACHE_MEMORY_MB"),
    rateLimits: !["off", "0", "false", "no"].includes((env.RATE_LIMITS ?? "on").toLowerCase()),
    spamScore: !["off", "0", "false", "no"].includes((env.SPAM_SCORE ?? "on").toLowerCase()),
    shutdownSeconds: readInt(env.SHUTDOWN_SECONDS, 10, "SHUTDOWN_SECONDS"),
  };
}

/** PostgreSQL for API tests: each test file gets its own schema in this database when it is set. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.TEST_DATABASE_URL ? env.TEST_DATABASE_URL : null;
}

/**
 * Seconds the guest and shared-page caches keep entries in a test run: 0 (off) unless `TEST_CACHES=on`, which
 * runs the suites with caches on for far longer than a test lasts, so only the cache layer's invalidation (never
 * expiry) makes a write visible.
 */
export function testCacheSeconds(env: NodeJS.ProcessEnv = process.env): number {
  return ["on", "1", "true", "yes"].includes((env.TEST_CACHES ?? "off").toLowerCase()) ? 600 : 0;
}

/** A configuration for tests: nothing from the environment but the database choice. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  // No caches in tests unless TEST_CACHES=on (testCacheSeconds): many write to the database directly and read
  // back at once, which no cache layer hears. No rate limits
  // either (suites post quickly as one member), and no spam score (suites post the same text from new accounts
  // within seconds); the rate-limit and spam tests turn them on.
  return {
    ...loadConfig({ LOG_LEVEL: "silent" }),
    guestCacheSeconds: testCacheSeconds(),
    sharedPageSeconds: testCacheSeconds(),
    rateLimits: false,
    spamScore: false,
    ...overrides,
  };
}
