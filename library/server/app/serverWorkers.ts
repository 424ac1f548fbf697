import cluster, { type Worker } from "node:cluster";
import net from "node:net";
import os from "node:os";
import type { WalCheckpoints } from "../db/walCheckpoints";
import { ConnectionBalancer } from "./connectionBalancer";

/**
 * What a worker and the primary tell each other over the cluster's channel: `forum:migrated` says the database is
 * migrated and seeded (the other workers may start), `forum:connection` comes with a
 * connection the primary accepted, `forum:closed` tells the primary one of the worker's connections ended, and
 * `forum:shed` asks a worker to close that many connections after their next answer.
 */
export type WorkerMessage =
  | { type: "forum:stop" }
  | { type: "forum:live"; event: unknown }
  | { type: "forum:migrated" }
  | { type: "forum:listening"; url: string }
  | { type: "forum:connection" }
  | { type: "forum:closed" }
  | { type: "forum:shed"; count: number };

export function isWorkerMessage(value: unknown): value is WorkerMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string" &&
    (value as { type: string }).type.startsWith("forum:")
  );
}

/**
 * How many server processes `npm start` runs: `WORKERS`, by default one per core. One process (`WORKERS=1`)
 * runs the server itself, with no primary in front of it.
 */
export function serverWorkerCount(env: NodeJS.ProcessEnv = process.env): number {
  const configured = env.WORKERS?.trim();
  if (!configured) return os.availableParallelism();
  if (!/^\d{1,3}$/.test(configured) || Number(configured) < 1)
    throw new Error(`WORKERS must be a whole number of processes, 1 or more (got "${configured}").`);
  return Number(configured);
}

/** Whether this process is one of several server processes (live events then travel through the primary). */
export function runsAsServerWorker(): boolean {
  return cluster.isWorker;
}

/** A stop the primary asked of this worker before its server listened (see `listenForEarlyStop`). */
let stopAskedWhileStarting = false;
let earlyStopListener: ((message: unknown) => void) | null = null;

/**
 * In a worker, from its first line: remembers a stop the primary asks while the server is still starting. A
 * message no listener waits for is lost, and a worker whose stop was lost would serve on, alone, after its
 * primary was told to end (a SIGTERM in the second a start takes: the primary then waited for it forever).
 */
export function listenForEarlyStop(): void {
  if (!cluster.isWorker || earlyStopListener) return;
  earlyStopListener = (message) => {
    if (isWorkerMessage(message) && message.type === "forum:stop") stopAskedWhileStarting = true;
  };
  process.on("message", earlyStopListener);
}

/** Whether a stop was asked before the server listened; from now on the server's own listener hears stops. */
export function takeEarlyStop(): boolean {
  if (earlyStopListener) process.off("message", earlyStopListener);
  earlyStopListener = null;
  return stopAskedWhileStarting;
}

/**
 * glibc's malloc arenas for each worker (`MALLOC_ARENA_MAX`, unless set already). By default glibc gives every
 * thread that allocates (V8's compiler and garbage collector helpers, libuv's pool) an arena of its own, and
 * freed memory stays spread over them: two arenas held 8–15 MB less per process under the community bench (one
 * arena 16–22 MB less), with no measurable cost in CPU. A single server process (`WORKERS=1`) takes the variable
 * from its own environment, which it cannot change once started.
 */
export const WORKER_MALLOC_ARENAS = "2";

/** A worker that ended by itself is started again after this long (a crash loop then costs little). */
const RESTART_DELAY_MILLISECONDS = 1000;

/** How long a stopping server keeps answering 503 before it closes its connections. */
export const SHUTDOWN_DRAIN_MILLISECONDS = 500;

/** Connections the primary holds while no worker is ready (all restarting); past this, new ones are closed. */
const MAX_WAITING_CONNECTIONS = 512;

/**
 * How long the port waits for every worker to be ready once the first is. Opened with one worker ready, the first
 * clients' connections all went to it and it served them alone, its code not yet compiled for speed, while the
 * others warmed up (on PostgreSQL, sharing the cores with the database: up to 30 requests over 1 s in the first
 * minute). A worker that cannot start does not keep the site closed past this.
 */
export const OPEN_WITH_FIRST_WORKER_AFTER_MILLISECONDS = 15_000;

/** Connections a worker holding more than its share is asked to close at each step of a rebalance. */
const SHED_PER_STEP = 8;
const REBALANCE_STEP_MILLISECONDS = 1000;
/** Steps of one rebalance at most (clients that never come back are not waited for). */
const REBALANCE_MAX_STEPS = 30;

/** Where the primary accepts connections: the server's port and address. */
export interface ListenAddress {
  port: number;
  host: string;
}

/** What else the primary does for its workers. */
export interface PrimaryDuties {
  /**
   * On SQLite: starts the checkpoints of the database's log in the primary (`walCheckpoints.ts`), once the first
   * worker has migrated; the workers then leave them to it.
   */
  startWalCheckpoints?: () => Promise<WalCheckpoints>;
}

/**
 * The primary of `count` server processes (node:cluster). It loads none of the server: the first worker starts
 * alone (it migrates and seeds an empty database, printing the demo password once), then the others start on the
 * migrated database. The primary listens on the port once every worker is ready (or the first has waited
 * OPEN_WITH_FIRST_WORKER_AFTER_MILLISECONDS for the others), and hands each connection it
 * accepts to the ready worker holding the fewest (connectionBalancer.ts). Live events (a new notification, a
 * member's counts) are relayed to every other worker, so a stream held by any process hears a write made in any
 * other; caches are retired across processes by the database (library/server/cache). On SQLite the primary also
 * checkpoints the database's log (`duties.startWalCheckpoints`), so no request waits for it. A worker that dies is
 * started again. SIGTERM and SIGINT ask every worker to stop as a single server does; the primary exits with the
 * highest exit code of its workers once all have ended.
 */
export function runServerWorkers(
  count: number,
  address: ListenAddress,
  log: (line: string) => void,
  duties: PrimaryDuties = {},
): void {
  let stopping = false;
  let checkpoints: WalCheckpoints | null = null;
  let listening = 0;
  let announced = false;
  let exitCode = 0;
  const balancer = new ConnectionBalancer<number>();
  const waiting: net.Socket[] = [];

  const handOff = (socket: net.Socket, tries = 0) => {
    const id = balancer.choose();
    if (id === undefined) {
      // No worker is ready (all are starting again): the connection waits for the first that is.
      if (waiting.length < MAX_WAITING_CONNECTIONS) waiting.push(socket);
      else socket.destroy();
      return;
    }
    const worker = cluster.workers?.[id];
    if (!worker?.isConnected()) {
      balancer.gone(id);
      handOff(socket, tries);
      return;
    }
    worker.send({ type: "forum:connection" } satisfies WorkerMessage, socket, (error) => {
      if (!error) return;
      balancer.closed(id);
      // A worker that died as the connection was sent: it goes to another, once; else it is closed.
      if (!worker.isConnected()) balancer.gone(id);
      if (tries < 1 && !socket.destroyed) handOff(socket, tries + 1);
      else socket.destroy();
    });
  };

  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    // A connection may close while it waits for a worker (a client that gives up).
    socket.on("error", () => socket.destroy());
    handOff(socket);
  });
  let portOpen = false;
  server.on("error", (error) => {
    if (portOpen) {
      // An accept that failed (out of file descriptors): that client is refused, the others are served.
      log(`A connection could not be accepted (${error.message}).`);
      return;
    }
    log(`The forum cannot listen on ${address.host}:${address.port} (${error.message}).`);
    exitCode = 1;
    stopAll();
  });
  // The port opens once every worker is ready (or the first has waited long enough for the others), so the
  // first clients' connections are spread over all of them.
  let openAfter: NodeJS.Timeout | null = null;
  let portOpening = false;
  const openPort = (url: string) => {
    if (openAfter) clearTimeout(openAfter);
    openAfter = null;
    if (portOpening || stopping) return;
    portOpening = true;
    server.listen(address.port, address.host, () => {
      portOpen = true;
      announce(url);
    });
  };
  const announce = (url: string) => {
    if (announced || !portOpen || listening < count) return;
    announced = true;
    log(`The forum is running at ${url} (${count} processes)`);
  };

  // Clients that connected while a worker started are on the others: each second, a worker holding more than an
  // even share closes a few of its connections after their next answer, and the clients' new connections go to
  // the worker holding the fewest. A few at a time: the new worker's code is not compiled for speed yet.
  let rebalancing: NodeJS.Timeout | null = null;
  const rebalance = () => {
    if (rebalancing) return;
    let steps = 0;
    const step = () => {
      const surplus = balancer.surplus();
      steps += 1;
      if (surplus.length === 0 || steps > REBALANCE_MAX_STEPS || stopping) {
        if (rebalancing) clearInterval(rebalancing);
        rebalancing = null;
        return;
      }
      for (const [id, count] of surplus) {
        const worker = cluster.workers?.[id];
        const shed = Math.min(count, SHED_PER_STEP);
        if (worker?.isConnected()) worker.send({ type: "forum:shed", count: shed } satisfies WorkerMessage);
      }
    };
    rebalancing = setInterval(step, REBALANCE_STEP_MILLISECONDS);
    rebalancing.unref();
    step();
  };

  const relay = (from: Worker, message: unknown) => {
    if (!isWorkerMessage(message)) return;
    if (message.type === "forum:closed") {
      balancer.closed(from.id);
      return;
    }
    if (message.type === "forum:live") {
      for (const worker of Object.values(cluster.workers ?? {}))
        if (worker && worker !== from && worker.isConnected()) worker.send(message);
      return;
    }
    if (message.type === "forum:listening") {
      listening += 1;
      balancer.ready(from.id);
      rebalance();
      if (listening === 1) {
        openAfter = setTimeout(() => openPort(message.url), OPEN_WITH_FIRST_WORKER_AFTER_MILLISECONDS);
        openAfter.unref();
      }
      // Workers ready now, not listening events since the start: a first worker started again counts once.
      if (balancer.readyCount >= count) openPort(message.url);
      for (const socket of waiting.splice(0)) handOff(socket);
      announce(message.url);
    }
    if (message.type === "forum:migrated") startOthers();
  };

  // The first worker migrated and seeded: the others start now, on a database that is ready, while the first
  // still compiles and warms up (started once it listened, they were still loading when the first clients came,
  // and the first worker served them all). Not when the server is stopping: the first worker was asked to stop too.
  let othersStarted = false;
  const startOthers = () => {
    if (othersStarted || stopping) return;
    othersStarted = true;
    for (let index = 1; index < count; index += 1) fork();
    startCheckpoints();
  };

  const startCheckpoints = () => {
    duties
      .startWalCheckpoints?.()
      .then((started) => {
        if (stopping) started.stop();
        else checkpoints = started;
      })
      .catch((error: unknown) =>
        // The workers' own checkpoints still run past WORKER_WAL_AUTOCHECKPOINT_PAGES.
        log(`The primary cannot checkpoint the database's log (${(error as Error).message}).`),
      );
  };
  const exit = (code: number) => {
    checkpoints?.stop();
    process.exit(code);
  };

  const fork = (): Worker => {
    const worker = cluster.fork({
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? WORKER_MALLOC_ARENAS,
      ...(duties.startWalCheckpoints && { SQLITE_CHECKPOINTS: "primary" }),
    });
    worker.on("message", (message: unknown) => relay(worker, message));
    // Its channel closes as it ends: no connection is sent to it from then on.
    worker.on("disconnect", () => balancer.gone(worker.id));
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    balancer.gone(worker.id);
    exitCode = Math.max(exitCode, code ?? (signal ? 1 : 0));
    // A first worker that could not start (configuration, database) would fail again: its error is the answer
    // (the others, started once it had migrated, are stopped with it).
    if (listening === 0) {
      exitCode = exitCode || 1;
      stopAll();
    }
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) exit(exitCode);
      return;
    }
    log(
      `A server process (pid ${worker.process.pid ?? "?"}) ended (${signal ?? `code ${code}`}); starting another.`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MILLISECONDS).unref();
  });

  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    // While the workers drain, new connections still reach them and are answered 503 (`Connection: close`), as
    // a single server process answers them; then the port is closed.
    if (server.listening) setTimeout(() => server.close(), SHUTDOWN_DRAIN_MILLISECONDS).unref();
    for (const socket of waiting.splice(0)) socket.destroy();
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
    if (workers.length === 0) exit(exitCode);
    for (const worker of workers) worker?.send({ type: "forum:stop" } satisfies WorkerMessage);
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, stopAll);

  fork();
}
