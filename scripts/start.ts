// `npm start`: builds the client once if it is not built, then migrates, seeds an empty database with the
// demo community, and serves the forum (http://localhost:3000 by default). package.json's start script sizes
// V8 for a small footprint without slowing it: a young generation of 8 MB a half (--max-semi-space-size=8) and
// an old generation that grows by a quarter at a time (--heap-growing-percent=25), no hard limit. Measured under
// a community's traffic (scripts/bench/communityBench.ts, 10k/105k SQLite, 2 processes): growing by 20 % peaked
// at 194 and 187 MB a process for 2.90 ms of CPU a member page, 25 % at 193 and 194 MB for 2.72 ms, 30 % at 202
// and 196 MB for 2.69 ms; --optimize-for-size (tried before) cost more CPU and V8's defaults peaked near 400 MB.
// The flags must be given at start: set later, V8 keeps the heap it made. `WORKERS` server processes share the port
// (library/server/app/serverWorkers.ts), one per core by default; the workers inherit these flags.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { RUNS_COMPILED, SERVER_BUILD_DIR } from "../library/server/app/repositoryRoot";
import { listenForEarlyStop, runServerWorkers, serverWorkerCount } from "../library/server/app/serverWorkers";
import { loadConfig } from "../library/server/config/config";
import { holdServerBuild } from "./serverBuilds";

async function main(): Promise<void> {
  // A worker hears a stop from its first line: the server's own modules take a second to load.
  listenForEarlyStop();
  // Run compiled, modules load from this build for as long as the process runs: later builds keep it meanwhile.
  if (RUNS_COMPILED) holdServerBuild(SERVER_BUILD_DIR);
  const config = loadConfig();
  const workers = serverWorkerCount();
  if (cluster.isPrimary && !fs.existsSync(path.join(config.distDir, "manifest.json"))) {
    process.stdout.write("Building the client (first start only)...\n");
    const build = spawnSync(
      process.execPath,
      [require.resolve("webpack-cli/bin/cli.js"), "--mode", "production"],
      // A line at every tenth of the build (webpack.config.js): the first start shows it moving.
      { stdio: "inherit", env: { ...process.env, CLIENT_BUILD_PROGRESS: "lines" } },
    );
    if (build.status !== 0) throw new Error("The client build failed.");
  }
  // Several processes (WORKERS, one per core by default): this one only starts and relays them.
  if (cluster.isPrimary && workers > 1) {
    const log = (line: string) => process.stdout.write(`${line}\n`);
    // On SQLite the primary also checkpoints the database's log, off the requests' path (walCheckpoints.ts).
    const { dataDir } = config;
    runServerWorkers(workers, { port: config.port, host: config.host }, log, {
      ...(!config.databaseUrl && {
        startWalCheckpoints: async () =>
          (await import("../library/server/db/walCheckpoints.js")).startWalCheckpoints(dataDir, log),
      }),
    });
    return;
  }
  // Loaded only where the server runs: the primary of several processes stays small. The build keeps these
  // imports as they are written, so they name the compiled file (Node's import() needs the extension).
  const [{ serverApplications }, { startServer }] = await Promise.all([
    import("../applications/serverApplications.js"),
    import("../library/server/app/startServer.js"),
  ]);
  const server = await startServer(config, serverApplications);
  if (cluster.isPrimary) process.stdout.write(`The forum is running at ${server.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
