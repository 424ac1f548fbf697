// CPU per request without a network or a load generator (figures, not tests): builds the app in this process on
// a seeded data set and answers the community benchmark's requests one after the other through Fastify's
// inject, measuring this process's own CPU time (process.cpuUsage). Random discussions among the 2,000 newest,
// 49 members with a session each, guests, `Accept-Encoding: gzip, br`; the caches keep their defaults, so
// nearly every discussion page is rendered. On a busy machine this is the steadiest figure: the community
// benchmark's requests/s then mostly measure what the other processes leave.
//
//   npx tsx scripts/bench/requestCpu.ts --data-dir data-bench-small [--requests 1000] [--database-url postgres://...]
//
// With --cpu-prof DIR, each scenario's measured requests (not the start, not the warm-up) are profiled into
// DIR/<scenario>.cpuprofile, for scripts/bench/cpuProfileSummary.ts.
//
// With --alloc-prof DIR, each scenario's measured requests are sampled for what they allocate (every 32 KB, the
// objects garbage-collected since included) into DIR/<scenario>.heapprofile: what the young generation's
// collections work through, by the function that allocated it (Chromium's DevTools open the file). With
// --alloc-promoted as well, only what outlived the young generation (promoted to the old one, or still alive at
// the end): what the mark-compacts work through.
//
// With --seed N (default 1), the same pages are asked in the same order on every run.
//
// With --callgrind, run under `valgrind --tool=callgrind --instr-atstart=no` (and node's `--single-threaded`, so
// that compiling and collecting run on the main thread in the same order every run): only the measured requests
// are counted, in instructions (callgrind_control turns the counting on and off). Runs of the same code agree
// within 2-5 %, where CPU time on a busy machine moves by 10-20 %; compare versions in pairs run side by side,
// after a --warmup of thousands of requests (docs/performance.md). Give it --request-clock MS (a request's wall
// time at full speed) so that what the caches keep for a few seconds is kept for as many requests as at full
// speed.
//
// With --statements, each scenario also lists the statements its measured requests ran (by SQL, most time first):
// how many per request and their database time (timing each one costs some CPU, so compare CPU figures
// without it).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { serverApplications } from "../../applications/serverApplications";
import { discussionUrl } from "../../applications/forum/server/content/urls";
import { buildApp } from "../../library/server/app/buildApp";
import { createSession } from "../../library/server/auth/sessions";
import { loadConfig } from "../../library/server/config/config";
import { openDatabase } from "../../library/server/db/database";
import { Random } from "../seed-large/random";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: "data-bench-small" },
    "database-url": { type: "string", default: "" },
    members: { type: "string", default: "49" },
    discussions: { type: "string", default: "2000" },
    /** Measured requests per scenario (after as many again of warm-up, at least 200, unless --warmup says). */
    requests: { type: "string", default: "1000" },
    /** Requests answered before the measured ones (default: as many, at least 200). */
    warmup: { type: "string", default: "" },
    only: { type: "string", default: "" },
    statements: { type: "boolean", default: false },
    "cpu-prof": { type: "string", default: "" },
    "alloc-prof": { type: "string", default: "" },
    /** With --alloc-prof: only what outlived the young generation (promoted, or alive at the end). */
    "alloc-promoted": { type: "boolean", default: false },
    /** The random pages' seed: two runs with the same seed ask for the same pages in the same order. */
    seed: { type: "string", default: "1" },
    callgrind: { type: "boolean", default: false },
    /** Milliseconds the server's clock (`Date.now`) moves per request, in place of real time (0: real time). */
    "request-clock": { type: "string", default: "0" },
    /** Statement shapes listed per scenario with --statements. */
    top: { type: "string", default: "25" },
  },
});

/** Statements by their SQL (lists of parameters of any length alike): how many ran and their time (ms), while `recording` is on. */
class StatementProfile {
  recording = false;
  private readonly bySql = new Map<string, { count: number; ms: number }>();

  readonly observe = (sql: string, durationMs: number): void => {
    if (!this.recording) return;
    // `in (?, ?, ?)` (`in ($3, $4)` on PostgreSQL) of any length is one kind of statement.
    const shape = sql.replace(/\((\?|\$\d+)(, (\?|\$\d+))+\)/g, "(?, …)").replace(/\$\d+/g, "?");
    const entry = this.bySql.get(shape) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += durationMs;
    this.bySql.set(shape, entry);
  };

  /** A Markdown table per request of `requests`, most time first; clears what was recorded. */
  report(requests: number, top: number): string {
    const rows = [...this.bySql].sort((a, b) => b[1].ms - a[1].ms);
    const count = rows.reduce((sum, [, entry]) => sum + entry.count, 0);
    const ms = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
    this.bySql.clear();
    const lines = rows
      .slice(0, top)
      .map(
        ([sql, entry]) =>
          `| ${(entry.count / requests).toFixed(2)} | ${(entry.ms / requests).toFixed(3)} | \`${sql.replace(/\s+/g, " ").slice(0, Number(process.env.SQL_CHARS ?? 160))}\` |`,
      );
    return [
      `Statements: ${(count / requests).toFixed(1)} per request, ${(ms / requests).toFixed(2)} ms of database time per request`,
      "| per request | ms per request | statement |",
      "|---|---|---|",
      ...lines,
      "",
    ].join("\n");
  }
}

interface Ask {
  url: string;
  member: boolean;
}

/** The pages asked, from a seeded generator: two versions compared run by run ask for the same pages in order. */
const random = new Random(Number(values.seed));

function pick<T>(items: readonly T[]): T {
  return random.pick(items);
}

/**
 * With --request-clock MS, `Date.now` answers a clock that moves MS per request asked instead of real time.
 * Under callgrind a request takes about fifty times as long: on the real clock every entry kept for a few
 * seconds (shared pages, sessions, read marks) would expire before the next reader, and the counts would
 * measure a server whose caches never answer. Set MS to a request's time at full speed (the wall figure of a
 * run without callgrind) and the caches see as many requests within their time as they would at full speed.
 */
const requestClock = (() => {
  const msPerRequest = Number(values["request-clock"]);
  if (!(msPerRequest > 0)) return { tick: () => undefined };
  let now = Date.now();
  Date.now = () => now;
  return {
    tick: () => {
      now += msPerRequest;
    },
  };
})();

/** Turns callgrind's counting of this process's instructions on or off (the process runs under valgrind). */
function countInstructions(on: boolean): void {
  execFileSync("callgrind_control", ["--instr", on ? "on" : "off", String(process.pid)], { stdio: "ignore" });
}

/** An inspector recording of this process: `stop` ends it and writes what it recorded to a file. */
interface Recording {
  stop(file: string): Promise<void>;
}

/** Starts a recording on an inspector session of its own; `finish` ends it and answers the profile to write. */
async function startRecording(
  start: (session: Session) => Promise<unknown>,
  finish: (session: Session) => Promise<object>,
): Promise<Recording> {
  const session = new Session();
  session.connect();
  await start(session);
  return {
    async stop(file) {
      const profile = await finish(session);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** Profiles this process's JavaScript. */
function startProfiler(): Promise<Recording> {
  return startRecording(
    async (session) => {
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
    },
    async (session) => (await session.post("Profiler.stop")).profile,
  );
}

/** Samples what this process allocates, the objects collected since included. */
function startAllocationSampling(): Promise<Recording> {
  return startRecording(
    async (session) => {
      await session.post("HeapProfiler.enable");
      await session.post("HeapProfiler.startSampling", {
        samplingInterval: 32_768,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: !values["alloc-promoted"],
      });
    },
    async (session) => (await session.post("HeapProfiler.stopSampling")).profile,
  );
}

async function main(): Promise<void> {
  const dataDir = path.resolve(values["data-dir"] ?? "data-bench-small");
  const databaseUrl = values["database-url"] || null;
  const profile = values.statements ? new StatementProfile() : null;
  const database = openDatabase({ databaseUrl, dataDir, ...(profile && { onQuery: profile.observe }) });
  const config = { ...loadConfig({ LOG_LEVEL: "warn" }), dataDir, databaseUrl, rateLimits: false };
  const { app, context } = await buildApp({ config, database, applications: serverApplications });
  try {
    const members = await database.db
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
    const cookieName = context.settings.peek<string>("garden.cookie.name");
    const cookies: string[] = [];
    for (const member of members)
      cookies.push(`${cookieName}=${(await createSession(database.db, member.userID, true)).token}`);
    const discussions = await database.db
      .selectFrom("discussions")
      .select(["discussionID", "name"])
      .orderBy("discussionID", "desc")
      .limit(Number(values.discussions))
      .execute();
    if (discussions.length === 0 || cookies.length === 0)
      throw new Error("The data set has no discussions or members: run scripts/seed-large.ts first.");
    const page = (member: boolean): Ask => {
      const row = pick(discussions);
      return { url: discussionUrl(row.discussionID, row.name), member };
    };
    const scenarios: [string, () => Ask][] = [
      ["discussion page, member", () => page(true)],
      ["discussion page, guest", () => page(false)],
      [
        "GET /api/v2/comments?discussionID=X&limit=30, member",
        () => ({
          url: `/api/v2/comments?discussionID=${pick(discussions).discussionID}&limit=30`,
          member: true,
        }),
      ],
      [
        "GET /api/v2/discussions?limit=30&expand=insertUser&page=1..5, member",
        () => ({
          url: `/api/v2/discussions?limit=30&expand=insertUser&page=${random.int(1, 5)}`,
          member: true,
        }),
      ],
    ];
    const requests = Number(values.requests);
    const run = async (next: () => Ask, count: number) => {
      for (let index = 0; index < count; index += 1) {
        requestClock.tick();
        const ask = next();
        const response = await app.inject({
          url: ask.url,
          headers: {
            host: "localhost",
            "accept-encoding": "gzip, br",
            ...(ask.member && { cookie: pick(cookies) }),
          },
          // The body as the bytes the server wrote: the default also decodes them into a string (UTF-8 over
          // compressed bytes), about 0.15 ms of this process's CPU per page that no server spends.
          payloadAsStream: true,
        });
        if (response.statusCode !== 200) throw new Error(`${ask.url} answered ${response.statusCode}`);
        for await (const chunk of response.stream()) void chunk;
      }
    };
    process.stdout.write(
      `${databaseUrl ? "PostgreSQL" : "SQLite"} (${dataDir}), ${cookies.length} members, ${discussions.length} discussions, ${requests} requests a scenario\n` +
        "| scenario | CPU ms per request (this process) | wall ms per request (one at a time, the database's work included) |\n|---|---|---|\n",
    );
    for (const [name, next] of scenarios) {
      if (values.only && !name.includes(values.only)) continue;
      await run(next, values.warmup ? Number(values.warmup) : Math.max(200, requests));
      const profiler = values["cpu-prof"] ? await startProfiler() : null;
      const allocations = values["alloc-prof"] ? await startAllocationSampling() : null;
      if (values.callgrind) countInstructions(true);
      const before = process.cpuUsage();
      const started = performance.now();
      if (profile) profile.recording = true;
      await run(next, requests);
      const used = process.cpuUsage(before);
      if (values.callgrind) countInstructions(false);
      const wall = (performance.now() - started) / requests;
      if (profiler)
        await profiler.stop(path.join(values["cpu-prof"] ?? "", `${name.replace(/\W+/g, "-")}.cpuprofile`));
      if (allocations)
        await allocations.stop(
          path.join(values["alloc-prof"] ?? "", `${name.replace(/\W+/g, "-")}.heapprofile`),
        );
      process.stdout.write(
        `| ${name} | ${((used.user + used.system) / 1000 / requests).toFixed(2)} | ${wall.toFixed(2)} |\n`,
      );
      if (profile) {
        profile.recording = false;
        process.stdout.write(`\n${profile.report(requests, Number(values.top))}\n`);
      }
    }
  } finally {
    await app.close();
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
