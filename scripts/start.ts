// `npm start`: builds the client once if it is not built, then migrates, seeds an empty database with the
// demo community, and serves the forum (http://localhost:3000 by default).
import { spawnSync } from "node:child_process";
import v8 from "node:v8";
import fs from "node:fs";
import path from "node:path";
import { serverApplications } from "../applications/serverApplications";
import { startServer } from "../library/server/app/startServer";
import { loadConfig } from "../library/server/config/config";

/**
 * With SQLite (one process, the embedded default) V8 is sized for memory: the peak RSS under load halves (about
 * 290 -> 140 MB on the 10k bench set) at no cost in throughput. Not with PostgreSQL, where its driver's
 * allocations make the smaller heap collect so often that throughput falls by half; larger sites have the memory.
 */
export function sizeHeapForMemory(databaseUrl: string | null): void {
  if (!databaseUrl) v8.setFlagsFromString("--optimize-for-size");
}

async function main(): Promise<void> {
  const config = loadConfig();
  sizeHeapForMemory(config.databaseUrl);
  if (!fs.existsSync(path.join(config.distDir, "manifest.json"))) {
    process.stdout.write("Building the client (first start only)...\n");
    const build = spawnSync(
      process.execPath,
      [require.resolve("webpack-cli/bin/cli.js"), "--mode", "production"],
      {
        stdio: "inherit",
      },
    );
    if (build.status !== 0) throw new Error("The client build failed.");
  }
  const server = await startServer(config, serverApplications);
  process.stdout.write(`The forum is running at ${server.url}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
