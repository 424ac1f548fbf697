import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sharedServerBuild } from "./sharedServerBuild";
import { freePort, spawnCompiledServer } from "./compiledServerProcess";
import { processTree } from "./bench/serverProcess";

/** Whether a process answers on the port (any status). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const outgoing = http.get(
      { host: "127.0.0.1", port, path: "/api/v2/users/me", agent: false },
      (response) => {
        response.resume();
        resolve(true);
      },
    );
    outgoing.on("error", () => resolve(false));
  });
}

// npm start serves the embedded SQLite database; PostgreSQL is not what this test is about.
describe("npm start with WORKERS=2, stopped while its second process starts", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-workers-stop-data-"));
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-workers-stop-dist-"));

  afterAll(() => {
    for (const dir of [dataDir, distDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("ends every process on a SIGTERM sent as soon as the first one answers", async () => {
    const port = await freePort();
    const { dir: build } = await sharedServerBuild();
    const child = spawnCompiledServer({ build, port, dataDir, distDir, env: { WORKERS: "2" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const seen = new Set<number>();
    try {
      // The first process migrates and seeds alone; the moment it answers, the primary starts the second.
      while (!(await answers(port))) {
        if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const pid of processTree(child.pid ?? 0)) seen.add(pid);
      child.kill("SIGTERM");
      // Once a stop asked of a starting process was lost: it served on, alone, and the primary never ended.
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve("still running after 30 s"), 30_000)),
      ]);
      expect({ code, output }).toEqual({ code: 0, output: expect.any(String) as string });
      for (const pid of processTree(child.pid ?? 0)) seen.add(pid);
      for (const pid of seen) expect(() => process.kill(pid, 0)).toThrow();
      expect(await answers(port)).toBe(false);
    } finally {
      // Whatever is left (a failed run's primary or a worker it left behind) must not outlive the test.
      for (const pid of [...seen, ...processTree(child.pid ?? 0)])
        if (pid !== child.pid)
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // ended already
          }
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
    }
  }, 120_000);

  it("ends with code 1 and says why when the port is taken", async () => {
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    try {
      const { dir: build } = await sharedServerBuild();
      const child = spawnCompiledServer({ build, port, dataDir, distDir, env: { WORKERS: "2" } });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect({ code, output }).toEqual({
        code: 1,
        output: expect.stringContaining(`The forum cannot listen on 127.0.0.1:${port}`) as string,
      });
      for (const pid of processTree(child.pid ?? 0)) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);
});
