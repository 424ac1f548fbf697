// Benchmark of search (figures, not a test): on a seeded data set it builds the search index from empty (time,
// documents, size), then starts the server and measures, with 20 clients at once, the p50/p95 latency of
// GET /api/v2/search as the search page asks it (1- and 3-word queries, 20 a page), of the server-rendered
// /search page, and of the autocomplete's requests (one per source, as the search box sends them).
//
//   npm run bench:search -- --seed small --data-dir /tmp/search-small
//   npm run bench:search -- --seed large --data-dir /tmp/search-large --database-url postgres://.../db
//   (without --seed the data set in --data-dir / --database-url is used as it is; --skip-build keeps its index;
//   --uncached makes every request a new query, so the one-second answer cache never answers)
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { serverApplications } from "../../applications/serverApplications";
import { rebuildSearchIndex } from "../../plugins/search/server/indexing/rebuildSearchIndex";
import { searchIndexOf } from "../../plugins/search/server/indexing/searchIndexing";
import { buildApp } from "../../library/server/app/buildApp";
import { loadConfig } from "../../library/server/config/config";
import { openDatabase } from "../../library/server/db/database";
import { percentile } from "./benchServer";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "" },
    "data-dir": { type: "string", default: "data-bench-search" },
    "database-url": { type: "string", default: "" },
    port: { type: "string", default: "3333" },
    clients: { type: "string", default: "20" },
    requests: { type: "string", default: "1000" },
    "skip-build": { type: "boolean", default: false },
    /** Every request a different query (an exclusion no post contains), so none is answered from the cache. */
    uncached: { type: "boolean", default: false },
  },
});

const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.resolve(values["data-dir"] ?? "data-bench-search");
const databaseUrl = values["database-url"] ?? "";

/** Words of the data set's vocabulary (scripts/seed-large/vocabulary.ts): frequent, rarer and near-misses. */
const ONE_WORD = [
  "notifications",
  "webhooks",
  "sidebar",
  "PostgreSQL",
  "migrate",
  "flaky",
  "digests",
  "theme",
];
const THREE_WORDS = [
  "slow email digests",
  "configure single sign-on",
  "custom theme sidebar",
  "debug the importer",
  "webhooks rate limits",
  "broken file uploads",
  "moderation queues spam",
  "migrate SQLite PostgreSQL",
];
/** What the autocomplete types: prefixes, as a member writing would send them. */
const PREFIXES = ["notif", "webho", "sideb", "postg", "migra", "theme", "uploa", "spam"];

function log(text: string): void {
  process.stdout.write(`${text}\n`);
}

function seedDataSet(size: string): void {
  const args = ["tsx", "scripts/seed-large.ts", "--size", size, "--data-dir", dataDir, "--force"];
  if (databaseUrl) args.push("--database-url", databaseUrl);
  const started = Date.now();
  const result = spawnSync("npx", args, { stdio: "inherit" });
  if (result.status !== 0) throw new Error("Seeding failed.");
  log(`Seeded the ${size} data set in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Builds the index whole, as `search:reindex` does (from empty on a freshly seeded data set). */
async function buildIndex(): Promise<string> {
  const database = openDatabase({ databaseUrl: databaseUrl || null, dataDir });
  const config = { ...loadConfig({ LOG_LEVEL: "warn" }), dataDir, databaseUrl: databaseUrl || null };
  const { app, context } = await buildApp({ config, database, applications: serverApplications });
  try {
    const index = searchIndexOf(context);
    const before = (await index.stats()).documents;
    const started = Date.now();
    const totals = await rebuildSearchIndex(context, (progress) =>
      log(`  ${progress.recordType}: ${progress.indexed} indexed (${progress.seconds.toFixed(1)} s)`),
    );
    const seconds = (Date.now() - started) / 1000;
    const stats = await index.stats();
    const size = stats.bytes === null ? "unknown size" : `${(stats.bytes / 1024 / 1024).toFixed(1)} MB`;
    const counts = totals.map((total) => `${total.recordType} ${total.indexed}`).join(", ");
    const from = before === 0 ? "from empty" : `over ${before} existing documents`;
    return `Index build (${index.name}, ${from}): ${seconds.toFixed(1)} s, ${stats.documents} documents (${counts}), ${size}`;
  } finally {
    await app.close();
    await database.destroy();
  }
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/v2/users/me`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The server did not start within 60 s.");
}

interface Measured {
  p50: number;
  p95: number;
  errors: number;
  count: number;
  hits: number;
}

/**
 * `clients` loops at once, each sending the next request as soon as its last one answered, until `total`
 * requests have been sent; latencies from send to last byte.
 */
async function measure(paths: readonly string[], total: number): Promise<Measured> {
  let next = 0;
  let errors = 0;
  let hits = 0;
  const timings: number[] = [];
  const client = async () => {
    while (next < total) {
      const route = paths[next % paths.length] ?? "/";
      // An exclusion no post contains makes each request a new question for the one-second answer cache.
      const target = values.uncached ? route.replace(/query=([^&]*)/, `query=$1+-zq${next}`) : route;
      next += 1;
      const started = process.hrtime.bigint();
      try {
        const response = await fetch(`${base}${target}`);
        const body = await response.text();
        timings.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (!response.ok) errors += 1;
        else if (body.startsWith("[")) hits += (JSON.parse(body) as unknown[]).length;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Number(values.clients) }, client));
  timings.sort((a, b) => a - b);
  return {
    p50: percentile(timings, 0.5),
    p95: percentile(timings, 0.95),
    errors,
    count: timings.length,
    hits,
  };
}

const pageApi = (query: string) =>
  `/api/v2/search?${new URLSearchParams({
    query,
    recordTypes: "discussion,comment",
    limit: "20",
    expand: "insertUser,breadcrumbs,-body",
  }).toString()}`;

const autocompleteApi = (query: string, recordTypes: string) =>
  `/api/v2/search?${new URLSearchParams({
    query,
    recordTypes,
    limit: "3",
    expand: "breadcrumbs,-body",
    collapse: "true",
  }).toString()}`;

async function main(): Promise<void> {
  if (values.seed) seedDataSet(values.seed);
  const build = values["skip-build"] ? "Index build: skipped (--skip-build)" : await buildIndex();
  log(build);
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      GUEST_CACHE_SECONDS: "0",
      RATE_LIMITS: "off",
      SPAM_SCORE: "off",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForServer();
    const total = Number(values.requests);
    const targets: [string, string[]][] = [
      ["GET /api/v2/search, 1 word, 20 a page", ONE_WORD.map(pageApi)],
      ["GET /api/v2/search, 3 words, 20 a page", THREE_WORDS.map(pageApi)],
      ["GET /search page (server-rendered), 1 word", ONE_WORD.map((word) => `/search?query=${word}`)],
      ["GET /search page (server-rendered), 3 words", THREE_WORDS.map((words) => `/search?query=${words}`)],
      ["autocomplete, posts source", PREFIXES.map((prefix) => autocompleteApi(prefix, "discussion,comment"))],
      ["autocomplete, members source", PREFIXES.map((prefix) => autocompleteApi(prefix, "user"))],
      ["autocomplete, categories source", PREFIXES.map((prefix) => autocompleteApi(prefix, "category"))],
    ];
    const rows: string[] = [];
    for (const [name, paths] of targets) {
      await measure(paths, Math.min(100, total));
      const result = await measure(paths, total);
      rows.push(
        `| ${name} | ${result.count} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.errors} | ${result.hits} |`,
      );
      log(rows[rows.length - 1] ?? "");
    }
    log(
      [
        "",
        `Database: ${databaseUrl ? "PostgreSQL" : "SQLite"} (${databaseUrl ? "database URL given" : dataDir}), ${values.clients} clients at once, as a guest${values.uncached ? ", every query new (no cache)" : ""}`,
        build,
        "| request | requests | p50 ms | p95 ms | errors | results returned |",
        "|---|---|---|---|---|---|",
        ...rows,
        "",
      ].join("\n"),
    );
  } finally {
    server.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
