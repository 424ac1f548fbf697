import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createSession } from "../library/server/auth/sessions";
import { WORKER_MALLOC_ARENAS } from "../library/server/app/serverWorkers";
import { openSqlite } from "../library/server/db/database";
import { sqliteFileIn } from "../library/server/db/walCheckpoints";
import { sharedServerBuild } from "./sharedServerBuild";
import { freePort, killServer, spawnCompiledServer, whenRunning } from "./compiledServerProcess";
import { connectionsOnPort, keptConnection, serverProcesses } from "./workerConnections";

interface Answer {
  status: number;
  body: string;
}

/**
 * One request on a connection of its own (no keep-alive): the cluster hands each new connection to the next
 * process in turn, so consecutive requests are served by different processes.
 */
function request(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: urlPath,
        agent: false,
        headers: {
          ...headers,
          ...(payload !== undefined && {
            "content-type": "application/json",
            "x-requested-with": "XMLHttpRequest",
            referer: `http://127.0.0.1:${port}/`,
          }),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

/** A process's environment, as it was given at its start. */
function environment(pid: number): string[] {
  return fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
}

/**
 * As soon as the port accepts a connection: 20 kept-alive connections (the first one that was accepted, then 19
 * at once), and how many each server process then holds. The connections are closed after.
 */
async function burstAtOpening(
  port: number,
  primaryPid: () => number,
  ended: () => boolean,
): Promise<number[]> {
  let first: net.Socket | null = null;
  while (!first) {
    first = await keptConnection(port).catch(() => null);
    if (!first && ended()) throw new Error("The server ended before its port opened.");
    if (!first) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const sockets = [first, ...(await Promise.all(Array.from({ length: 19 }, () => keptConnection(port))))];
  try {
    return serverProcesses(primaryPid()).map((pid) => connectionsOnPort(pid, port));
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

// npm start serves the embedded SQLite database; PostgreSQL is not what this test is about.
describe("npm start with WORKERS=2 on the embedded SQLite database", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-workers-data-"));
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-workers-dist-"));
  let server: ChildProcess | null = null;
  let port = 0;
  let cookie = "";
  let output = () => "";
  let firstBurst: number[] = [];

  beforeAll(async () => {
    port = await freePort();
    // As `npm start` runs it: compiled (the run's one build, shared with the other tests that start it).
    const { dir: build } = await sharedServerBuild();
    const child = spawnCompiledServer({
      build,
      port,
      dataDir,
      distDir,
      env: { RATE_LIMITS: "off", WORKERS: "2" },
    });
    server = child;
    const burst = burstAtOpening(
      port,
      () => child.pid ?? 0,
      () => child.exitCode !== null || child.signalCode !== null,
    );
    // Awaited below; a failed start fails the hook through whenRunning first.
    burst.catch(() => undefined);
    output = await whenRunning(child);
    firstBurst = await burst;
    const handle = openSqlite(sqliteFileIn(dataDir));
    try {
      const admin = await handle.db
        .selectFrom("users")
        .select("userID")
        .orderBy("userID")
        .executeTakeFirstOrThrow();
      cookie = `forum_session=${(await createSession(handle.db, admin.userID, false)).token}`;
    } finally {
      await handle.destroy();
    }
  }, 240_000);

  afterAll(async () => {
    await killServer(server);
    for (const dir of [dataDir, distDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves from two processes, announced once", () => {
    expect(serverProcesses(server?.pid ?? 0)).toHaveLength(2);
    expect(output().match(/The forum is running/g)).toHaveLength(1);
    expect(output()).toContain("(2 processes)");
  });

  it("starts each worker with two malloc arenas (MALLOC_ARENA_MAX), where the primary was given none", () => {
    expect(environment(server?.pid ?? 0).some((entry) => entry.startsWith("MALLOC_ARENA_MAX="))).toBe(false);
    for (const pid of serverProcesses(server?.pid ?? 0))
      expect(environment(pid)).toContain(`MALLOC_ARENA_MAX=${WORKER_MALLOC_ARENAS}`);
  });

  it("shows a discussion written through one process in the next answer of every process", async () => {
    const list = "/api/v2/discussions?limit=5";
    // Both processes answer the list once (and keep it in their caches) before the write.
    for (let index = 0; index < 4; index += 1)
      expect((await request(port, "GET", list, { cookie })).status).toBe(200);
    const categories = JSON.parse(
      (await request(port, "GET", "/api/v2/categories?outputFormat=flat", { cookie })).body,
    ) as { categoryID: number }[];
    const created = await request(
      port,
      "POST",
      "/api/v2/discussions",
      { cookie },
      {
        name: "Written in one process",
        body: "Read in the other.",
        format: "markdown",
        categoryID: categories[0]?.categoryID,
      },
    );
    expect(created.status).toBe(201);
    for (let index = 0; index < 4; index += 1) {
      const names = (
        JSON.parse((await request(port, "GET", list, { cookie })).body) as { name: string }[]
      ).map((discussion) => discussion.name);
      expect(names).toContain("Written in one process");
    }
  }, 60_000);

  it("copies a write into the database file within seconds: the primary checkpoints the log, not the workers", async () => {
    for (const pid of serverProcesses(server?.pid ?? 0))
      expect(environment(pid)).toContain("SQLITE_CHECKPOINTS=primary");
    // The discussion written above is a few pages of log, far from the 1,000 pages of SQLite's own checkpoint:
    // only the primary's copies it into the file. The file alone (no log beside it) is read from a copy.
    const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-workers-file-"));
    const copy = sqliteFileIn(copyDir);
    const inFile = async () => {
      fs.copyFileSync(sqliteFileIn(dataDir), copy);
      const handle = openSqlite(copy);
      try {
        const row = await handle.db
          .selectFrom("discussions")
          .select("discussionID")
          .where("name", "=", "Written in one process")
          .executeTakeFirst();
        return row !== undefined;
      } finally {
        await handle.destroy();
        for (const file of [copy, `${copy}-wal`, `${copy}-shm`]) fs.rmSync(file, { force: true });
      }
    };
    try {
      let found = await inFile();
      for (let tries = 0; tries < 50 && !found; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        found = await inFile();
      }
      expect(found).toBe(true);
    } finally {
      fs.rmSync(copyDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("opens its port once both processes are ready: the first clients are spread over both", () => {
    expect(firstBurst).toEqual([10, 10]);
  });

  it("hands a burst of kept-alive connections to the two processes evenly", async () => {
    const workers = serverProcesses(server?.pid ?? 0);
    const held = () => workers.map((pid) => connectionsOnPort(pid, port));
    // The earlier tests' connections end first (each asked to be closed after its answer).
    for (let tries = 0; tries < 100 && held().some((count) => count > 0); tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held()).toEqual([0, 0]);
    const sockets = await Promise.all(Array.from({ length: 20 }, () => keptConnection(port)));
    try {
      expect(held()).toEqual([10, 10]);
      // The primary accepted them and kept none.
      expect(connectionsOnPort(server?.pid ?? 0, port)).toBe(0);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  }, 60_000);

  it("tells a live stream held by one process of a change made through the other", async () => {
    const stream = net.connect(port, "127.0.0.1");
    let received = "";
    const counts = () => received.split("event: count").length - 1;
    const countsReach = (wanted: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${counts()} count events, ${wanted} expected:\n${received}`)),
          10_000,
        );
        const check = () => {
          if (counts() < wanted) return;
          clearTimeout(timer);
          stream.off("data", check);
          resolve();
        };
        stream.on("data", check);
        check();
      });
    stream.on("data", (chunk: Buffer) => (received += chunk.toString()));
    try {
      stream.write(
        `GET /api/v2/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n\r\n`,
      );
      await countsReach(1);
      // Four writes on connections of their own: the primary hands each to the process holding fewer
      // connections, the one without the stream.
      for (let index = 0; index < 4; index += 1)
        expect(
          (await request(port, "PATCH", "/api/v2/notifications", { cookie }, { read: true })).status,
        ).toBe(204);
      await countsReach(5);
    } finally {
      stream.destroy();
    }
  }, 60_000);

  it("stops every process on SIGTERM", async () => {
    const pids = serverProcesses(server?.pid ?? 0);
    const exited = new Promise<number | null>((resolve) => server?.once("exit", resolve));
    server?.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
