import cluster, { type Worker } from "node:cluster";
import os from "node:os";

/** What a worker and the primary tell each other over the cluster's channel. */
export type WorkerMessage =
  { type: "forum:stop" } | { type: "forum:live"; event: unknown } | { type: "forum:listening"; url: string };

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

/**
 * The primary of `count` server processes sharing one port (node:cluster). It loads none of the server: the
 * first worker starts alone (it migrates and seeds an empty database, printing the demo password once), then
 * the others start on the migrated database. Live events (a new notification, a member's counts) are relayed
 * to every other worker, so a stream held by any process hears a write made in any other; caches are retired
 * across processes by the database (library/server/cache). A worker that dies is started again. SIGTERM and
 * SIGINT ask every worker to stop as a single server does; the primary exits with the highest exit code of its
 * workers once all have ended.
 */
export function runServerWorkers(count: number, log: (line: string) => void): void {
  let stopping = false;
  let listening = 0;
  let announced = false;
  let exitCode = 0;

  const relay = (from: Worker, message: unknown) => {
    if (!isWorkerMessage(message)) return;
    if (message.type === "forum:live") {
      for (const worker of Object.values(cluster.workers ?? {}))
        if (worker && worker !== from && worker.isConnected()) worker.send(message);
      return;
    }
    if (message.type === "forum:listening") {
      listening += 1;
      // The first worker migrated and seeded: the others start now, on a database that is ready (not when the
      // server is stopping: the first worker was asked to stop too).
      if (listening === 1 && !stopping) for (let index = 1; index < count; index += 1) fork();
      if (listening >= count && !announced) {
        announced = true;
        log(`The forum is running at ${message.url} (${count} processes)`);
      }
    }
  };

  const fork = (): Worker => {
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? WORKER_MALLOC_ARENAS });
    worker.on("message", (message: unknown) => relay(worker, message));
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    exitCode = Math.max(exitCode, code ?? (signal ? 1 : 0));
    // A first worker that could not start (configuration, database) would fail again: its error is the answer.
    if (listening === 0) process.exit(exitCode || 1);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    log(
      `A server process (pid ${worker.process.pid ?? "?"}) ended (${signal ?? `code ${code}`}); starting another.`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MILLISECONDS).unref();
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
      if (workers.length === 0) process.exit(exitCode);
      for (const worker of workers) worker?.send({ type: "forum:stop" } satisfies WorkerMessage);
    });

  fork();
}
