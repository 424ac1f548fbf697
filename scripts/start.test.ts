import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createSession } from "../library/server/auth/sessions";
import { testDatabaseUrl } from "../library/server/config/config";
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from "../library/server/db/database";
import { testDialects } from "../library/server/testing/testApp";
import { sharedServerBuild } from "./sharedServerBuild";
import { freePort, spawnCompiledServer, whenRunning } from "./compiledServerProcess";

const SHUTDOWN_SECONDS = 2;

/** Resolves with everything received once `text` has arrived on the socket. */
function received(socket: net.Socket, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    socket.on("data", (chunk: Buffer) => {
      data += chunk.toString();
      if (data.includes(text)) resolve(data);
    });
    socket.once("close", () => reject(new Error(`Closed before "${text}":\n${data}`)));
  });
}

/** The server's own database: the data directory's SQLite file, or a fresh PostgreSQL schema. */
async function serverDatabase(dialect: Dialect, dataDir: string) {
  if (dialect === "sqlite")
    return {
      env: {},
      open: (): DatabaseHandle => openSqlite(path.join(dataDir, "forum.sqlite")),
      drop: () => Promise.resolve(),
    };
  const url = testDatabaseUrl() ?? "";
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA "${schema}"`);
  const schemaUrl = `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    env: { DATABASE_URL: schemaUrl },
    open: (): DatabaseHandle => openPostgres(schemaUrl, 1),
    drop: () => admin(`DROP SCHEMA "${schema}" CASCADE`),
  };
}

describe.each(testDialects)("stopping `npm start` on %s", (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-stop-data-"));
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-stop-dist-"));
  const sockets: net.Socket[] = [];
  let server: ChildProcess | null = null;
  let dropDatabase = () => Promise.resolve();

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGKILL");
      await exited;
    }
    await dropDatabase();
    for (const dir of [dataDir, distDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`closes live streams and ends within SHUTDOWN_SECONDS, even with a request that never completes`, async () => {
    const database = await serverDatabase(dialect, dataDir);
    dropDatabase = database.drop;
    const port = await freePort();
    // As `npm start` runs it: compiled (the run's one build, shared with the other tests that start it).
    const { dir: build } = await sharedServerBuild();
    const child = spawnCompiledServer({
      build,
      port,
      dataDir,
      distDir,
      env: { SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS), ...database.env },
    });
    server = child;
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const output = await whenRunning(child);

    // A member's live stream, open and sending.
    const handle = database.open();
    let cookie: string;
    try {
      const member = await handle.db
        .selectFrom("users")
        .select("userID")
        .orderBy("userID")
        .executeTakeFirstOrThrow();
      cookie = `forum_session=${(await createSession(handle.db, member.userID, false)).token}`;
    } finally {
      await handle.destroy();
    }
    const stream = net.connect(port, "127.0.0.1");
    sockets.push(stream);
    const streamClosed = new Promise<number>((resolve) => stream.once("close", () => resolve(Date.now())));
    stream.write(
      `GET /api/v2/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n\r\n`,
    );
    expect(await received(stream, "event: count")).toMatch(/^HTTP\/1\.1 200/);

    // A client that sent half its request and went quiet: its request stays in flight.
    const stalled = net.connect(port, "127.0.0.1");
    sockets.push(stalled);
    stalled.write(
      `POST /api/v2/discussions HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: 1000\r\n\r\n{"name":"Half`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    child.kill("SIGTERM");
    let waited: NodeJS.Timeout | undefined;
    const longWait = new Promise<"still running">((resolve) => {
      waited = setTimeout(() => resolve("still running"), (SHUTDOWN_SECONDS + 8) * 1000);
    });
    const code = await Promise.race([exited, longWait]);
    clearTimeout(waited);
    const stoppedAfterMs = Date.now() - signalled;
    expect(code).toBe(1);
    expect(stoppedAfterMs).toBeGreaterThanOrEqual(SHUTDOWN_SECONDS * 1000 * 0.9);
    expect(stoppedAfterMs).toBeLessThan((SHUTDOWN_SECONDS + 3) * 1000);
    // The stream was ended as the server closed, well before the deadline.
    expect((await streamClosed) - signalled).toBeLessThan(SHUTDOWN_SECONDS * 1000);
    expect(output()).toContain(`Not stopped within SHUTDOWN_SECONDS (${SHUTDOWN_SECONDS} s)`);
  }, 180_000);
});
