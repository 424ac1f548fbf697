import type { AppContext } from "@library/server/app/appContext";
import type { FastifyInstance } from "fastify";
import { POLL_LIVE_EVENT } from "../../api/pollLimits";
import { PollParamsSchema } from "../../api/pollsApi";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { getViewablePoll } from "./pollAccess";
import type { PollChanges } from "./pollChanges";
import { presentPoll } from "./pollsQueries";

/** A comment line this often keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** Changes closer together than this are read once. */
const COALESCE_MS = 200;
/** How long the browser waits before reconnecting after the stream drops. */
const RETRY_MS = 5_000;

/**
 * `GET /polls/{discussionID}/stream` (text/event-stream, anyone who may see the poll): a `poll` event with the
 * poll as the viewer sees it when it opens and whenever it changes in any server process, and a heartbeat
 * comment every 25 s. It only reads.
 */
export function pollStreamRoute(api: FastifyInstance, context: AppContext, changes: PollChanges): void {
  const openStreams = new Set<() => void>();
  api.addHook("preClose", async () => {
    for (const end of [...openStreams]) end();
  });

  typedRoutes(api).get(
    "/polls/:discussionID/stream",
    { schema: { params: PollParamsSchema } },
    async (request, reply) => {
      const { viewer } = request;
      const { discussionID } = request.params;
      await getViewablePoll(context, viewer, discussionID);
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      let closed = false;
      let last = "";
      let timer: NodeJS.Timeout | null = null;
      const sendPoll = async () => {
        timer = null;
        try {
          const { row, definition } = await getViewablePoll(context, viewer, discussionID);
          const data = JSON.stringify(await presentPoll(context, viewer, row, definition));
          if (!closed && data !== last) out.write(`event: ${POLL_LIVE_EVENT}\ndata: ${data}\n\n`);
          last = data;
        } catch (error) {
          request.log.warn({ err: error }, "A poll stream could not read its poll.");
        }
      };
      const unlisten = changes.listen(() => {
        timer ??= setTimeout(() => void sendPoll(), COALESCE_MS);
      });
      const heartbeat = setInterval(() => {
        if (!closed) out.write(": heartbeat\n\n");
      }, HEARTBEAT_MS);
      const end = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        if (timer) clearTimeout(timer);
        unlisten();
        openStreams.delete(end);
        out.end();
      };
      openStreams.add(end);
      out.on("close", end);
      out.write(`retry: ${RETRY_MS}\n\n`);
      await sendPoll();
    },
  );
}
