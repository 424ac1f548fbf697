import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startRedisDouble } from "./redisDouble";

/** Debian's redis-server (CI's .ci/run installs it); a machine without it runs the tests on the double. */
export const REDIS_SERVER = "/usr/bin/redis-server";

export type RedisKind = "redis-server" | "double";

export interface TestRedis {
  kind: RedisKind;
  url: string;
  stop(): Promise<void>;
}

/** The Redis the tests load their NodeBB site into: the real server when installed, else the double. */
export function availableRedis(): RedisKind {
  // TEST_REDIS=double runs the import tests on the double where redis-server is installed too.
  if (!existsSync(REDIS_SERVER)) noteDoubleOnce();
  else if (process.env.TEST_REDIS !== "double") return "redis-server";
  return "double";
}

/** Every kind this machine can start (the reader's test runs on both, so the double stays true to Redis). */
export function everyAvailableRedis(): RedisKind[] {
  return existsSync(REDIS_SERVER) ? ["redis-server", "double"] : [availableRedis()];
}

let noted = false;
function noteDoubleOnce(): void {
  if (noted) return;
  noted = true;
  process.stdout.write("redis-server not found: the NodeBB tests use the in-process Redis double\n");
}

export async function startTestRedis(kind: RedisKind = availableRedis()): Promise<TestRedis> {
  if (kind === "double") {
    const double = await startRedisDouble();
    return { kind, url: `redis://127.0.0.1:${double.port}`, stop: () => double.stop() };
  }
  return startRedisServer();
}

/** A throwaway redis-server on a free loopback port, keeping nothing on disk, in a temp dir of its own. */
async function startRedisServer(): Promise<TestRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "nodebb-redis-"));
  for (let attempt = 0; ; attempt += 1) {
    const port = await freePort();
    const child = spawn(
      REDIS_SERVER,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    if (await listening(port, child)) {
      return {
        kind: "redis-server",
        url: `redis://127.0.0.1:${port}`,
        stop: async () => {
          await stopChild(child);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    await stopChild(child);
    // Another process took the port between the probe and the start: try another.
    if (attempt === 2) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`redis-server did not start:\n${output}`);
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits (up to 10 s) until the port accepts connections, or the process has exited. */
async function listening(port: number, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
