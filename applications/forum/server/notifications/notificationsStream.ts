import { LIVE_EVENT_COUNT, LIVE_EVENT_NOTIFICATION, type LiveCounts } from "@forum/api/notifications";
import type { AppContext } from "@library/server/app/appContext";
import type { LiveEvent } from "@library/server/notifications/liveBus";
import { presentNotification } from "@library/server/notifications/notificationsQueries";
import type { Viewer } from "@library/server/permissions/viewer";
import { meCountMap } from "@library/server/users/meCounts";
import type { FastifyInstance } from "fastify";

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before reconnecting after the stream drops. */
const RETRY_MS = 5_000;

async function liveCounts(context: AppContext, viewer: Viewer): Promise<LiveCounts> {
  return { counts: await meCountMap(context, viewer) };
}

/**
 * `GET /notifications/stream` (text/event-stream, session.valid): a `count` event with the menu counters
 * when it opens and whenever they change, a `notification` event (a Notification) for each new notification,
 * and a heartbeat comment every 25 s. Events come from the live bus, so a notification written by any server
 * process reaches the stream. The route writes nothing (no session, no cookie); it only reads.
 */
export function notificationsStreamRoutes(
  api: FastifyInstance,
  context: AppContext,
  options: { heartbeatMs?: number } = {},
): void {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const openStreams = new Set<() => void>();
  // Open streams would keep the server from closing: end them first.
  api.addHook("preClose", async () => {
    for (const end of [...openStreams]) end();
  });

  api.get("/notifications/stream", async (request, reply) => {
    const { viewer } = request;
    viewer.require("session.valid");
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    let closed = false;
    const send = (event: string, data: unknown) => {
      if (!closed) out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // Events are handled one at a time, in order, so counts never go backwards.
    let queue = Promise.resolve();
    const enqueue = (task: () => Promise<void>) => {
      queue = queue.then(task).catch((error: unknown) => {
        request.log.error({ err: error }, "A live event could not be sent.");
      });
    };
    const sendCounts = async () => send(LIVE_EVENT_COUNT, await liveCounts(context, viewer));
    const onEvent = (event: LiveEvent) =>
      enqueue(async () => {
        if (closed) return;
        if (event.type === "notification") {
          const row = await context.db
            .selectFrom("notifications")
            .selectAll()
            .where("notificationID", "=", event.notificationID)
            .where("userID", "=", viewer.userID)
            .executeTakeFirst();
          if (row) send(LIVE_EVENT_NOTIFICATION, presentNotification(row));
        }
        await sendCounts();
      });
    const unsubscribe = context.live.subscribe(viewer.userID, onEvent);
    const heartbeat = setInterval(() => {
      if (!closed) out.write(": heartbeat\n\n");
    }, heartbeatMs);
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(end);
      out.end();
    };
    openStreams.add(end);
    out.on("close", end);
    out.write(`retry: ${RETRY_MS}\n\n`);
    enqueue(sendCounts);
  });
}
