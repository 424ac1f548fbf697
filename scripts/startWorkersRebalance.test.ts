import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { sharedServerBuild } from "./sharedServerBuild";
import { freePort, killServer, spawnCompiledServer, whenRunning } from "./compiledServerProcess";
import { askAgain, connectionsOnPort, keptConnection, serverProcesses } from "./workerConnections";

// npm start serves the embedded SQLite database; PostgreSQL is not what this test is about.
describe("npm start with WORKERS=2, one process started again", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-workers-rebalance-data-"));
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-workers-rebalance-dist-"));
  let server: ChildProcess | null = null;

  afterAll(async () => {
    await killServer(server);
    for (const dir of [dataDir, distDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("moves the clients that connected while it started to it, each after an answer", async () => {
    const port = await freePort();
    const { dir: build } = await sharedServerBuild();
    const child = spawnCompiledServer({ build, port, dataDir, distDir, env: { WORKERS: "2" } });
    server = child;
    const output = await whenRunning(child);
    const [victim, survivor] = serverProcesses(child.pid ?? 0);
    process.kill(victim ?? 0, "SIGKILL");
    while (!output().includes("starting another")) await new Promise((resolve) => setTimeout(resolve, 20));
    // Connections opened while the other process is down all go to the one left.
    let clients: net.Socket[] = await Promise.all(Array.from({ length: 20 }, () => keptConnection(port)));
    expect(connectionsOnPort(survivor ?? 0, port)).toBe(20);
    const held = () =>
      serverProcesses(child.pid ?? 0)
        .map((pid) => connectionsOnPort(pid, port))
        .sort((a, b) => a - b)
        .join(" and ");
    try {
      // The clients keep asking, as browsers do, and open a new connection when the server closed theirs.
      for (let round = 0; round < 200 && held() !== "10 and 10"; round += 1) {
        clients = await Promise.all(
          clients.map(async (socket) => {
            if (await askAgain(socket, port)) return socket;
            socket.destroy();
            return keptConnection(port);
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(held()).toBe("10 and 10");
    } finally {
      for (const socket of clients) socket.destroy();
    }
  }, 120_000);
});
