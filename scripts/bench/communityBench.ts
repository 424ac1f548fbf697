// The community-traffic benchmark (figures, not tests): how the forum answers when no cache helps, the way a
// community reads. 49 distinct signed-in members, each with a session of their own, and guests, over 50
// connections, read random discussions among 2,000 of the data set and random list pages, asking for gzip or
// brotli. Per scenario: requests/s, p50/p99/max latency, errors, and the server's own CPU time per request (read
// from /proc for the server process and its workers, so the load generator sharing the cores does not count).
// First, from the moment the server answers, a minute of mixed traffic counts the requests slower than 1 s (a
// start that stalls); it ends with the peak RSS of each server process.
//
//   npx tsx scripts/seed-large.ts --size small --data-dir data-bench-small
//   npm run bench:community -- --data-dir data-bench-small [--workers 1] [--database-url postgres://...]
//
// The one-URL benchmark (scripts/bench/runBench.ts) measures one route at a time with one session instead.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "kysely";
import { discussionUrl } from "../../applications/forum/server/content/urls";
import { createSession } from "../../library/server/auth/sessions";
import { openDatabase } from "../../library/server/db/database";
import { getSettingDefinition } from "../../library/server/settings/settingsRegistry";
import { buildServer, SERVER_BUILD_DIR } from "../buildServer";
import { serverNodeFlags, treeCpuMilliseconds, treePeakRssMb } from "./serverProcess";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: "data-bench-small" },
    "database-url": { type: "string", default: "" },
    port: { type: "string", default: "3211" },
    connections: { type: "string", default: "50" },
    members: { type: "string", default: "49" },
    /** How many of the data set's discussions the members read (the most recent first). */
    discussions: { type: "string", default: "2000" },
    warmup: { type: "string", default: "5" },
    duration: { type: "string", default: "15" },
    /** Seconds of mixed traffic from the moment the server answers (0: none). */
    "first-minute": { type: "string", default: "60" },
    /** Server processes (the server's WORKERS; empty: its default, one per core). */
    workers: { type: "string", default: "" },
    /** Only the scenarios whose name contains this. */
    only: { type: "string", default: "" },
    /** Run the server from its TypeScript through the loader, not build/server/. */
    source: { type: "boolean", default: false },
    /** More Node flags for the server, after package.json's (`--node-flags=--single-threaded-gc`). */
    "node-flags": { type: "string", default: "" },
    /** Write the server's CPU profile (node --cpu-prof) into this folder when it stops. */
    "cpu-prof": { type: "string", default: "" },
    /** Append each measured answer to this file: scenario, seconds into the run, latency ms, connection, epoch ms. */
    latencies: { type: "string", default: "" },
  },
});

const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const ACCEPT_ENCODING = "gzip, br";
/** A request slower than this in the first minute counts as a stall. */
const STALL_MILLISECONDS = 1000;

interface Community {
  cookies: string[];
  discussionIDs: number[];
  discussionPaths: string[];
  /** Documents in the search index (0: the server builds it while the bench runs; null: no search tables). */
  searchDocuments: number | null;
}

/** How a run's search index is described beside its figures. */
function searchIndexState(documents: number | null): string {
  if (documents === null) return "no search index";
  if (documents > 0) return `search index built (${documents} documents)`;
  return "search index not built: the server built it during the first scenario";
}

/** Sessions for distinct members and the discussions they read, made in the database before the server starts. */
async function prepareCommunity(): Promise<Community> {
  const handle = openDatabase({
    databaseUrl: values["database-url"] || null,
    dataDir: path.resolve(values["data-dir"] ?? "data-bench-small"),
  });
  try {
    const members = await handle.db
      .selectFrom("users")
      .innerJoin("userRoles", "userRoles.userID", "users.userID")
      .innerJoin("roles", "roles.roleID", "userRoles.roleID")
      .select("users.userID")
      .distinct()
      .where("roles.type", "=", "member")
      .where("users.deleted", "=", 0)
      .orderBy("users.userID")
      .limit(Number(values.members))
      .execute();
    if (members.length === 0)
      throw new Error("The data set has no members: run scripts/seed-large.ts first.");
    const stored = await handle.db
      .selectFrom("configValues")
      .select("value")
      .where("key", "=", "garden.cookie.name")
      .executeTakeFirst();
    const cookieName = stored
      ? (JSON.parse(stored.value) as string)
      : String(getSettingDefinition("garden.cookie.name")?.default);
    const cookies: string[] = [];
    for (const member of members) {
      const { token } = await createSession(handle.db, member.userID, true);
      cookies.push(`${cookieName}=${token}`);
    }
    const discussions = await handle.db
      .selectFrom("discussions")
      .select(["discussionID", "name"])
      .orderBy("discussionID", "desc")
      .limit(Number(values.discussions))
      .execute();
    const tables = await handle.db.introspection.getTables();
    const searchDocuments = tables.some((table) => table.name === "searchDocuments")
      ? Number(
          (await sql<{ count: number }>`select count(*) as "count" from "searchDocuments"`.execute(handle.db))
            .rows[0]?.count ?? 0,
        )
      : null;
    if (searchDocuments === 0)
      process.stderr.write(
        "The data set has no search index: the server builds it in the background while the first scenario runs " +
          "(about 13 s of CPU on the small set). To measure without it, build it first: " +
          "DATA_DIR=<data dir> (or DATABASE_URL=<url>) npm run forum -- search:reindex\n",
      );
    return {
      cookies,
      discussionIDs: discussions.map((row) => row.discussionID),
      discussionPaths: discussions.map((row) => discussionUrl(row.discussionID, row.name)),
      searchDocuments,
    };
  } finally {
    await handle.destroy();
  }
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/v2/users/me`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The server did not start within 60 s.");
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

/** One request of a scenario: its path and whether it is sent signed in. */
interface Ask {
  path: string;
  member: boolean;
}

type Scenario = { name: string; next: (community: Community) => Ask };

const memberPage = (community: Community): Ask => ({ path: pick(community.discussionPaths), member: true });
const guestPage = (community: Community): Ask => ({ path: pick(community.discussionPaths), member: false });
const threadJson = (community: Community): Ask => ({
  path: `/api/v2/comments?discussionID=${pick(community.discussionIDs)}&limit=30`,
  member: true,
});
const listJson = (): Ask => ({
  path: `/api/v2/discussions?limit=30&expand=insertUser&page=${1 + Math.floor(Math.random() * 5)}`,
  member: true,
});

const SCENARIOS: Scenario[] = [
  { name: "discussion page, member", next: memberPage },
  { name: "discussion page, guest", next: guestPage },
  { name: "GET /api/v2/comments?discussionID=X&limit=30, member", next: threadJson },
  { name: "GET /api/v2/discussions?limit=30&expand=insertUser&page=1..5, member", next: listJson },
];

/** What a community does at once: members reading threads and lists, guests reading threads. */
const MIXED: Scenario = {
  name: "mixed (40 % member pages, 20 % guest pages, 20 % thread JSON, 20 % list JSON)",
  next(community) {
    const roll = Math.random();
    if (roll < 0.4) return memberPage(community);
    if (roll < 0.6) return guestPage(community);
    if (roll < 0.8) return threadJson(community);
    return listJson();
  },
};

interface Measured {
  result: autocannon.Result;
  slow: number;
  cpuMs: number;
  /** Answers by status code other than 2xx, and errors (timeouts, resets) by message. */
  failures: Map<string, number>;
}

/** Runs a scenario for `seconds`: each connection is one member (49 sessions over 50 connections). */
function run(
  scenario: Scenario,
  community: Community,
  seconds: number,
  serverPid: number,
  measured = true,
): Promise<Measured> {
  let nextMember = 0;
  let slow = 0;
  const failures = new Map<string, number>();
  const count = (key: string) => failures.set(key, (failures.get(key) ?? 0) + 1);
  const latencies = latencyLog(measured ? scenario.name : "");
  const cpuBefore = treeCpuMilliseconds(serverPid);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: Number(values.connections),
        duration: seconds,
        pipelining: 1,
        requests: [
          {
            setupRequest(request, context: { cookie?: string }) {
              context.cookie ??= community.cookies[nextMember++ % community.cookies.length] ?? "";
              const ask = scenario.next(community);
              return {
                ...request,
                method: "GET",
                path: ask.path,
                headers: {
                  "accept-encoding": ACCEPT_ENCODING,
                  ...(ask.member ? { cookie: context.cookie } : {}),
                },
              };
            },
          },
        ],
      },
      (error, result) => {
        latencies.close();
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve({ result, slow, failures, cpuMs: treeCpuMilliseconds(serverPid) - cpuBefore });
      },
    );
    instance.on("response", (client, status, _bytes, responseTime) => {
      latencies.add(client, responseTime);
      if (responseTime > STALL_MILLISECONDS) slow += 1;
      if (status < 200 || status > 299) count(String(status));
    });
    instance.on("reqError", (error: unknown) =>
      count(error instanceof Error ? error.message : String(error)),
    );
  });
}

/**
 * Where `--latencies` writes a measured run's answers (tab-separated; "" for a warm-up: none), so that the slow
 * ones can be placed in time and by connection.
 */
function latencyLog(scenarioName: string): { add: (client: object, ms: number) => void; close: () => void } {
  const file = values.latencies;
  if (!file || !scenarioName) return { add: () => undefined, close: () => undefined };
  const started = performance.now();
  const connections = new Map<object, number>();
  const lines: string[] = [];
  return {
    add(client, ms) {
      if (!connections.has(client)) connections.set(client, connections.size);
      const at = ((performance.now() - started) / 1000).toFixed(3);
      lines.push(`${scenarioName}\t${at}\t${ms.toFixed(1)}\t${connections.get(client) ?? 0}\t${Date.now()}`);
    },
    close: () => fs.appendFileSync(file, lines.length > 0 ? `${lines.join("\n")}\n` : ""),
  };
}

function row(name: string, measured: Measured): string {
  const { result, cpuMs, slow, failures } = measured;
  const errors = [...failures].map(([what, times]) => `${times} × ${what}`).join(", ") || "0";
  // A request the client gave up on (10 s) was still served: it counts in the CPU and in the requests.
  const served = result.requests.total + result.timeouts;
  const perRequest = served > 0 ? cpuMs / served : NaN;
  return `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${perRequest.toFixed(2)} | ${slow} | ${errors} |`;
}

async function main(): Promise<void> {
  const community = await prepareCommunity();
  if (!values.source) await buildServer();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: path.resolve(values["data-dir"] ?? "data-bench-small"),
    DATABASE_URL: values["database-url"] ?? "",
    ...(values.workers ? { WORKERS: values.workers } : {}),
  };
  const profile = values["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", values["cpu-prof"]] : [];
  const flags = [...serverNodeFlags(values["node-flags"] ?? ""), ...profile];
  const command = values.source
    ? [...flags, "--import", "tsx", "scripts/start.ts"]
    : [...flags, path.join(SERVER_BUILD_DIR, "scripts", "start.js")];
  const spawnedAt = performance.now();
  const server = spawn(process.execPath, command, { env, stdio: ["ignore", "inherit", "inherit"] });
  const serverPid = server.pid ?? 0;
  const header = [
    "| scenario | requests/s | p50 ms | p99 ms | max ms | server CPU ms per request | over 1 s | errors |",
    "|---|---|---|---|---|---|---|---|",
  ];
  const rows: string[] = [];
  const print = (line: string) => {
    rows.push(line);
    process.stdout.write(`${line}\n`);
  };
  try {
    await waitForServer();
    const startSeconds = ((performance.now() - spawnedAt) / 1000).toFixed(1);
    process.stdout.write(
      `The server answered ${startSeconds} s after it was started.\n${header.join("\n")}\n`,
    );
    const firstMinute = Number(values["first-minute"]);
    if (firstMinute > 0 && (!values.only || MIXED.name.includes(values.only)))
      print(
        row(
          `first ${firstMinute} s after the start, ${MIXED.name}`,
          await run(MIXED, community, firstMinute, serverPid),
        ),
      );
    for (const scenario of [...SCENARIOS, MIXED]) {
      if (values.only && !scenario.name.includes(values.only)) continue;
      await run(scenario, community, Number(values.warmup), serverPid, false);
      print(row(scenario.name, await run(scenario, community, Number(values.duration), serverPid)));
    }
    const peaks = treePeakRssMb(serverPid);
    process.stdout.write(
      [
        "",
        `Database: ${values["database-url"] ? "PostgreSQL" : "SQLite"} (${values["data-dir"] ?? ""}); ${community.cookies.length} members with a session each, ${values.connections} connections, ${community.discussionIDs.length} discussions, Accept-Encoding: ${ACCEPT_ENCODING}; server ${values.source ? "run from TypeScript (tsx)" : "compiled (build/server)"}, WORKERS=${values.workers || "default"}; ${searchIndexState(community.searchDocuments)}`,
        ...header,
        ...rows,
        "",
        `Server peak RSS per process: ${peaks.join(", ")} MB`,
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
