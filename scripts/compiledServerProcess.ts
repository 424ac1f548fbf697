// For the tests that start the server as `npm start` does (compiled, in a process of its own): a free port, and
// the process started from a build on a data folder, with an empty client manifest standing in for the client.
import { spawn, type ChildProcess, type ChildProcessByStdio } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import { REPOSITORY_ROOT } from "./buildServer";

/** A port nothing listens on now (the system's choice on 127.0.0.1). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface CompiledServerOptions {
  /** The compiled server's folder (`sharedServerBuild().dir`). */
  build: string;
  port: number;
  dataDir: string;
  /** Where the client's manifest is looked for: an empty one is written there (the client is not under test). */
  distDir: string;
  /** More environment (WORKERS, a database URL…); the process gets only PATH besides. */
  env?: Record<string, string | undefined>;
}

/** `build/server/scripts/start.js` of `build`, on 127.0.0.1:`port`, its output piped. */
export function spawnCompiledServer(
  options: CompiledServerOptions,
): ChildProcessByStdio<null, Readable, Readable> {
  fs.writeFileSync(path.join(options.distDir, "manifest.json"), JSON.stringify({}));
  return spawn(process.execPath, [path.join(options.build, "scripts", "start.js")], {
    cwd: REPOSITORY_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DIST_DIR: options.distDir,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/**
 * Waits until a started server says it runs (every process ready), collecting its output; rejects with that
 * output if it exits first. Returns a reader of everything it printed so far.
 */
export async function whenRunning(child: ChildProcess): Promise<() => string> {
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("The forum is running")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`The server exited (${code}):\n${output}`)));
  });
  return () => output;
}

/** Ends a started server at once if it still runs (SIGKILL), and waits for it to be gone. */
export async function killServer(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGKILL");
  await exited;
}
