// `npm start`: builds the client once if it is not built, then migrates, seeds an empty database with the
// demo community, and serves the forum (http://localhost:3000 by default). package.json's start script runs it
// with V8's young generation capped at 8 MB a half (--max-semi-space-size=8): the peak RSS under load stays
// under 200 MB for a few percent of CPU, where --optimize-for-size (tried before) cost a third of a member's
// page throughput. The flag must be given at start: set later, V8 keeps the heap it made.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serverApplications } from "../applications/serverApplications";
import { startServer } from "../library/server/app/startServer";
import { loadConfig } from "../library/server/config/config";

async function main(): Promise<void> {
  const config = loadConfig();
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
