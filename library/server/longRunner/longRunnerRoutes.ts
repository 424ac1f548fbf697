import { Type } from "@sinclair/typebox";
import {
  CALLBACK_CONTENT_TYPE,
  LongRunnerQuerySchema,
  LongRunnerResultSchema,
  type LongRunnerQuery,
} from "@forum/api/longRunner";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";
import { typedRoutes } from "../http/typeBoxProvider";
import { continueLongRunner, type LongRunnerCall, type LongRunnerOutcome } from "./longRunner";

/** The caller, budget and request of a long-runner call, as the runner and its audit entries need them. */
export function longRunnerCall(request: FastifyRequest, query: LongRunnerQuery = {}): LongRunnerCall {
  return {
    viewer: request.viewer,
    timeoutSeconds: query.longRunnerTimeout,
    method: request.method,
    path: request.routeOptions.url ?? request.url.split("?")[0] ?? "",
    ip: request.ip || null,
  };
}

/** Answers a LongRunnerResult with the status the runner chose (200, 408, or the highest item error). */
export function sendLongRunnerOutcome(reply: FastifyReply, outcome: LongRunnerOutcome): FastifyReply {
  return reply.status(outcome.status).send(outcome.body);
}

function unquoted(body: string): string {
  const trimmed = body.trim();
  if (!trimmed.startsWith('"')) return trimmed;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === "string" ? parsed : trimmed;
  } catch {
    return trimmed;
  }
}

/** `POST /calls/run` (API.md 28): the body is the raw callback payload, sent as `application/system+jwt`. */
export function longRunnerRoutes(api: FastifyInstance, context: AppContext): void {
  // The raw token; a JSON string of it (a client that encodes every body) is read the same.
  api.addContentTypeParser(
    CALLBACK_CONTENT_TYPE,
    { parseAs: "string", bodyLimit: 4096 },
    (_request, body, done) => done(null, unquoted(String(body))),
  );
  typedRoutes(api).post(
    "/calls/run",
    {
      schema: {
        querystring: LongRunnerQuerySchema,
        body: Type.String({ minLength: 1, maxLength: 4096 }),
        response: { 200: LongRunnerResultSchema },
      },
    },
    async (request, reply) =>
      sendLongRunnerOutcome(
        reply,
        await continueLongRunner(context, longRunnerCall(request, request.query), request.body),
      ),
  );
}
