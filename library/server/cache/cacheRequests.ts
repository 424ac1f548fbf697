import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";
import { backupSourceOf, forgetPreparedStatements, type DatabaseHandle } from "../db/database";
import { LiveBusChangeTransport, SqliteChangeTable } from "./changeTransports";
import { recordNames, type RecordName } from "./recordNames";

declare module "fastify" {
  interface FastifyRequest {
    /** What this request's writes changed, named by them (null: nothing named, anything public may have). */
    changedRecords: Set<RecordName> | null;
  }
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Names what a request's write changed. Call it from the command or route that writes (inside or after the
 * transaction); the names are published once the handler returned, after commit. A request that writes and
 * names nothing publishes `content`: every public cache is retired.
 */
export function noteChanged(request: FastifyRequest, ...names: RecordName[]): void {
  request.changedRecords ??= new Set();
  for (const name of names) request.changedRecords.add(name);
}

function namesOf(request: FastifyRequest): RecordName[] {
  return request.changedRecords ? [...request.changedRecords] : [recordNames.content];
}

function wrote(request: FastifyRequest, statusCode: number): boolean {
  return MUTATING.has(request.method) && statusCode < 400;
}

/**
 * Connects the cache layer to requests, jobs and the other processes. Register it before the guest cache, so
 * a write's answer leaves only after the caches depending on it were retired here and elsewhere.
 */
export function registerCacheLayer(
  app: FastifyInstance,
  context: AppContext,
  database: DatabaseHandle,
): void {
  const layer = context.caches;
  const sqlite = database.dialect === "sqlite" ? backupSourceOf(database.db)?.sqlite : undefined;
  const watch = sqlite ? SqliteChangeTable.open(database.db, sqlite, layer, context.log) : null;
  layer.useTransport(watch ?? new LiveBusChangeTransport(context.live, layer, context.log));

  layer.define({
    name: "guest pages and shared member pages",
    dependsOn: ["public"],
    retire: () => context.guestCache.invalidate(),
  });
  // Another process enabled an add-on and ran its migrations: this one's connections prepare their texts anew.
  layer.define({
    name: "PostgreSQL prepared statements",
    dependsOn: [recordNames.addons],
    scope: "elsewhere",
    retire: () => forgetPreparedStatements(database.db),
  });
  layer.define({
    name: "grants",
    dependsOn: [recordNames.grants],
    scope: "elsewhere",
    retire: () => context.grants.invalidate(),
  });
  layer.define({
    name: "settings",
    dependsOn: [recordNames.settings],
    scope: "elsewhere",
    retire: () => context.settings.expire(),
    // Light routes read settings without waiting: a write of this process is read back before it is answered.
    reload: () => context.settings.reloadIfChanged(),
  });
  layer.define({
    name: "add-on states",
    dependsOn: [recordNames.addons],
    scope: "elsewhere",
    retire: () =>
      void context.addons.refresh().catch((error: unknown) => {
        context.log.warn({ err: error }, "Could not re-read the add-on states; keeping the last ones.");
      }),
  });

  // What a job wrote (a notification, a count, the search index) is in the next page as a request's write is.
  // A job names what it changed (`job.noteChanged`); one that names nothing publishes `content`.
  context.jobs.onDone((_name, changed) => {
    if (changed.length === 0) return;
    layer.publish([...changed]).catch((error: unknown) => {
      context.log.error({ err: error }, "Could not publish what a job changed.");
    });
  });

  app.decorateRequest("changedRecords", null);
  app.addHook("onRequest", async (request) => {
    watch?.checkFor(request.arrivedAt);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    // After commit, before the answer leaves: once acknowledged, no process serves what the write changed.
    if (wrote(request, reply.statusCode)) await layer.publish(namesOf(request));
    return payload;
  });
  // And once more here after it is sent: a request that started while the write was committing is not kept.
  app.addHook("onResponse", async (request, reply) => {
    if (wrote(request, reply.statusCode)) layer.retire(namesOf(request));
  });
  app.addHook("onClose", async () => {
    await layer.close();
  });
}
