// Benchmarks of the core forum (figures, not tests): starts the server on a seeded data set and measures, as a
// guest, requests/s, p50, p99 and errors per route with 50 connections (5 s warm-up, then 20 s), the server's
// peak RSS and the gzip size of a first discussion-page view. `--member` measures as a signed-in member.
//
//   npx tsx scripts/seed-large.ts --size small --data-dir data-bench-small
//   npx tsx scripts/bench/runBench.ts --data-dir data-bench-small
//   (PostgreSQL: add --database-url postgres://... to both)
import { spawn } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createSession } from "../../library/server/auth/sessions";
import { openDatabase } from "../../library/server/db/database";
import { getSettingDefinition } from "../../library/server/settings/settingsRegistry";
import { buildServer, SERVER_BUILD_DIR } from "../buildServer";
import { firstViewAssetSizes, resolveTargets } from "./benchTargets";
import { measurePageWeight, totalBytes } from "./pageWeight";
import { serverNodeFlags, treePeakRssMb } from "./serverProcess";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string", default: "data-bench-small" },
    "database-url": { type: "string", default: "" },
    port: { type: "string", default: "3210" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "5" },
    duration: { type: "string", default: "20" },
    only: { type: "string", default: "" },
    /** More Node flags for the server, after package.json's (`--node-flags=--cpu-prof`). */
    "node-flags": { type: "string", default: "" },
    /** Seconds of the anonymous micro-cache (the server's default is 2; 0 measures every request rendered). */
    "guest-cache": { type: "string", default: "2" },
    /** Seconds members' shared pages and lists live (the server's default is 2; 0 renders every member's own). */
    "shared-pages": { type: "string", default: "2" },
    /** Measure as a signed-in member reusing one session (the guest cache never serves members). */
    member: { type: "boolean", default: false },
    /** Run the server from its TypeScript through the loader (as before the compiled server), not build/server/. */
    source: { type: "boolean", default: false },
    /** Chromium for the cold-load measurement. */
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  },
});

/** A session of an ordinary member of the data set, opened in the database before the server starts. */
async function memberCookie(): Promise<string> {
  const handle = openDatabase({
    databaseUrl: values["database-url"] || null,
    dataDir: path.resolve(values["data-dir"] ?? "data-bench-small"),
  });
  try {
    const member = await handle.db
      .selectFrom("users")
      .innerJoin("userRoles", "userRoles.userID", "users.userID")
      .innerJoin("roles", "roles.roleID", "userRoles.roleID")
      .select("users.userID")
      .where("roles.type", "=", "member")
      .where("users.deleted", "=", 0)
      .orderBy("users.userID")
      .executeTakeFirstOrThrow();
    const { token } = await createSession(handle.db, member.userID, true);
    const stored = await handle.db
      .selectFrom("configValues")
      .select("value")
      .where("key", "=", "garden.cookie.name")
      .executeTakeFirst();
    const name = stored
      ? (JSON.parse(stored.value) as string)
      : String(getSettingDefinition("garden.cookie.name")?.default);
    return `${name}=${token}`;
  } finally {
    await handle.destroy();
  }
}

const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

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

function run(url: string, seconds: number, cookie: string | null): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: Number(values.connections),
    duration: seconds,
    pipelining: 1,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

async function main(): Promise<void> {
  const cookie = values.member ? await memberCookie() : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATA_DIR: path.resolve(values["data-dir"] ?? "data-bench-small"),
    DATABASE_URL: values["database-url"] ?? "",
    GUEST_CACHE_SECONDS: values["guest-cache"] ?? "2",
    SHARED_PAGE_SECONDS: values["shared-pages"] ?? "2",
  };
  if (!values.source) await buildServer();
  const flags = serverNodeFlags(values["node-flags"] ?? "");
  const command = values.source
    ? [...flags, "--import", "tsx", "scripts/start.ts"]
    : [...flags, path.join(SERVER_BUILD_DIR, "scripts", "start.js")];
  const server = spawn(process.execPath, command, {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForServer();
    const targets = (await resolveTargets(base)).filter(
      (target) => !values.only || target.name.includes(values.only),
    );
    const rows: string[] = [];
    for (const target of targets) {
      await run(`${base}${target.path}`, Number(values.warmup), cookie);
      const result = await run(`${base}${target.path}`, Number(values.duration), cookie);
      const errors = result.errors + result.timeouts + result.non2xx;
      rows.push(
        `| ${target.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} |`,
      );
      process.stdout.write(`${rows[rows.length - 1] ?? ""}\n`);
    }
    const discussion = (await resolveTargets(base))[2];
    const assets = discussion
      ? await firstViewAssetSizes(base, discussion.path)
      : { js: NaN, css: NaN, files: [] };
    // In a browser: the chunks widgets fetch count too, and fonts and images make the cold-load total.
    const coldLoad = discussion
      ? await measurePageWeight(`${base}${discussion.path}`, 1280, values.chromium ?? "").catch(
          (error: unknown) => {
            process.stderr.write(`No browser measurement: ${String(error)}\n`);
            return null;
          },
        )
      : null;
    process.stdout.write(
      [
        "",
        `Database: ${values["database-url"] ? "PostgreSQL" : "SQLite"} (${values["data-dir"] ?? ""}), ${cookie ? `a signed-in member, shared pages ${values["shared-pages"] ?? "2"} s` : `guest, guest cache ${values["guest-cache"] ?? "2"} s`}, server ${values.source ? "run from TypeScript (tsx)" : "compiled (build/server)"}`,
        "| route | requests/s | p50 ms | p99 ms | errors |",
        "|---|---|---|---|---|",
        ...rows,
        "",
        `Server peak RSS per process: ${treePeakRssMb(server.pid ?? 0).join(", ")} MB`,
        `First discussion-page view: ${(assets.js / 1024).toFixed(1)} KB JavaScript, ${(assets.css / 1024).toFixed(1)} KB CSS (gzip, the page's script and link tags)`,
        coldLoad
          ? `In a browser: ${(coldLoad.jsGzip / 1024).toFixed(1)} KB JavaScript (gzip, widget chunks included); a guest's cold load transfers ${(totalBytes(coldLoad) / 1024).toFixed(1)} KB (HTML ${(coldLoad.bytes.html / 1024).toFixed(1)}, CSS ${(coldLoad.bytes.css / 1024).toFixed(1)}, JS ${(coldLoad.bytes.js / 1024).toFixed(1)}, fonts ${(coldLoad.bytes.font / 1024).toFixed(1)}, images ${(coldLoad.bytes.image / 1024).toFixed(1)})`
          : "",
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
