import net from "node:net";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config/config";
import { openDatabase } from "../db/database";
import { buildApp } from "./buildApp";
import type { ServerApplication } from "./serverApplication";
import { adoptConnection, prepareForHandedConnections } from "./handedConnections";
import { seedDemoIfEmpty } from "./seedDemo";
import { warmUp } from "./warmUp";
import {
  isWorkerMessage,
  listenForEarlyStop,
  runsAsServerWorker,
  SHUTDOWN_DRAIN_MILLISECONDS,
  takeEarlyStop,
  type WorkerMessage,
} from "./serverWorkers";

export { SHUTDOWN_DRAIN_MILLISECONDS };
/** How long connections accepted before the server stopped listening have to send their request (answered 503). */
export const SHUTDOWN_LAST_ANSWERS_MILLISECONDS = 200;

/**
 * Ends the process `seconds` after a stop began if it has not finished by then (exit code 1): a client that never
 * completes its request, a stream whose client stopped reading or a database that does not answer would
 * otherwise keep a stopping server alive for minutes. Live streams are closed before that, with the server.
 */
function endAtDeadline(app: FastifyInstance, seconds: number): void {
  const deadline = setTimeout(() => {
    app.log.warn(
      `Not stopped within SHUTDOWN_SECONDS (${seconds} s): ending the process with work still open.`,
    );
    process.exit(1);
  }, seconds * 1000);
  // A stop that finishes in time exits by itself; the timer does not hold it.
  deadline.unref();
}

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens the database, migrates, seeds an empty database with the demo community, and listens. SIGTERM and
 * SIGINT stop accepting connections, close live streams, let in-flight requests finish, then close the
 * database; the process ends after `config.shutdownSeconds` whatever is still open.
 */
export async function startServer(
  config: ServerConfig,
  applications: readonly ServerApplication[],
): Promise<RunningServer> {
  // One of several processes: a stop asked while this one starts is kept, and honoured once it listens.
  listenForEarlyStop();
  const database = openDatabase(config);
  const { app, context, drain, shed, schemas } = await buildApp({ config, database, applications });
  const seeded = await seedDemoIfEmpty(context);
  // One of several processes: the database is ready, the primary may start the others.
  if (runsAsServerWorker()) process.send?.({ type: "forum:migrated" } satisfies WorkerMessage);
  if (seeded) {
    // Printed once, at the first start: the only place the generated password appears.
    process.stdout.write(
      `\nDemo community created. Administrator account:\n  name:     ${seeded.adminName}\n  password: ${seeded.adminPassword}\n` +
        `Change it with: npm run forum -- user:password --name ${seeded.adminName} --password NEW_PASSWORD\n\n`,
    );
  }
  // Before the first visitor: every route's schemas (compiled on first use otherwise) and the pages most visitors
  // open first. Done inside the first requests of a start, under its load, these held some over a second.
  await schemas
    .compileAll(false)
    .catch((error: unknown) => app.log.error({ err: error }, "A route's schema does not compile."));
  await warmUp(app, context);
  // One of several processes: the primary accepts the connections and hands each to one of them.
  const handed = runsAsServerWorker();
  if (handed) {
    await app.ready();
    prepareForHandedConnections(app.server);
  } else await app.listen({ port: config.port, host: config.host });
  // This process's share of the job queue (notifications, mail…); stopped by app.close().
  context.jobs.start();
  const url = `http://localhost:${config.port}`;
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      // Answer 503 to what still arrives (load balancers and clients retry), let it drain, then close.
      drain();
      await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MILLISECONDS));
      // Stop accepting first (new connections are refused), but leave the connections already accepted open a
      // moment: one accepted just now has not sent its request yet and counts as idle, and closing idle
      // connections at once would reset it instead of answering it 503. (A worker accepts nothing itself: its
      // primary closes the port.)
      if (!handed) net.Server.prototype.close.call(app.server);
      await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_LAST_ANSWERS_MILLISECONDS));
      await app.close();
      await database.destroy();
    })();
    return stopping;
  };
  let stopRequested = false;
  const stopAndExit = (reason: string) => {
    // A terminal's Ctrl-C reaches every process of a cluster and the primary asks again: one stop is enough.
    if (stopRequested) return;
    stopRequested = true;
    app.log.info(`${reason}: finishing in-flight requests`);
    endAtDeadline(app, config.shutdownSeconds);
    void stop().then(() => process.exit(0));
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => stopAndExit(`${signal} received`));
  if (handed) {
    // One of several processes (serverWorkers.ts): the primary asks it to stop and hears it is listening.
    process.on("message", (message: unknown, socket: unknown) => {
      if (!isWorkerMessage(message)) return;
      if (message.type === "forum:stop") stopAndExit("Stop asked by the primary");
      if (message.type === "forum:shed") shed(message.count);
      if (message.type === "forum:connection" && socket instanceof net.Socket)
        adoptConnection(app.server, socket, () => {
          if (process.connected) process.send?.({ type: "forum:closed" } satisfies WorkerMessage);
        });
    });
    process.send?.({ type: "forum:listening", url } satisfies WorkerMessage);
    if (takeEarlyStop()) stopAndExit("Stop asked by the primary while starting");
  }
  return { app, url, stop };
}
