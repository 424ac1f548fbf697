// A second site beside the browser tests' servers: its own data directory, the forum command run on it, its server.
import { execFile, spawn, type ChildProcess } from "node:child_process";

/** Runs `npm run forum -- ARGS` against another data directory; resolves with what it printed. */
export function forumCommand(args: string[], dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "npx",
      ["tsx", "scripts/forum.ts", ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" } },
      (error, stdout, stderr) => (error ? reject(new Error(`${stderr}${stdout}`)) : resolve(stdout)),
    );
  });
}

/** A second site's server on its own data directory; stop it with `process.kill(-server.pid)`. */
export async function startSiteServer(dataDir: string, port: number): Promise<ChildProcess> {
  const server = spawn("npx", ["tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PORT: String(port),
      LOG_LEVEL: "warn",
      RATE_LIMITS: "off",
      // One process: the test reads one site, and every further server process loads the whole server again
      // beside the other workers' browsers on the same cores.
      WORKERS: "1",
    },
    stdio: "ignore",
    detached: true,
  });
  const deadline = Date.now() + 45_000;
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${port}/api/v2/users/me`)).status < 500) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error("The other site did not start.");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
