import { Type } from "@sinclair/typebox";
import {
  ReactionLogEntrySchema,
  ReactionLogQuerySchema,
  ReactionPostSchema,
  ReactionRecordParamsSchema,
  ReactionSummaryItemSchema,
  ReactionTypeSchema,
  ReactionUserParamsSchema,
  type ReactionRecordType,
} from "@forum/api/reactions";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { reactToRecord, removeReaction } from "./reactionCommands";
import { listReactionLog } from "./reactionLog";
import { loadReactionSummary } from "./reactionSummaries";
import { listReactionTypes, presentReactionType } from "./reactionTypes";

const RECORD_PATHS: [ReactionRecordType, string][] = [
  ["discussion", "/discussions"],
  ["comment", "/comments"],
];

/** Reactions (API.md 9): the types, and the log, react and remove calls on discussions and comments. */
export function reactionsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get("/reactions", { schema: { response: { 200: Type.Array(ReactionTypeSchema) } } }, async () =>
    (await listReactionTypes(context.db)).map(presentReactionType),
  );

  for (const [recordType, base] of RECORD_PATHS) {
    routes.get(
      `${base}/:id/reactions`,
      {
        schema: {
          params: ReactionRecordParamsSchema,
          querystring: ReactionLogQuerySchema,
          response: { 200: Type.Array(ReactionLogEntrySchema) },
        },
      },
      async (request, reply) => {
        const { entries, page, limit } = await listReactionLog(
          context,
          request.viewer,
          recordType,
          request.params.id,
          request.query,
        );
        setPagingHeaders(request, reply, { page, limit, count: entries.length }, context.config.siteUrl);
        return entries;
      },
    );

    routes.post(
      `${base}/:id/reactions`,
      {
        schema: {
          params: ReactionRecordParamsSchema,
          body: ReactionPostSchema,
          response: { 201: Type.Array(ReactionSummaryItemSchema) },
        },
      },
      async (request, reply) => {
        const { viewer, params, body } = request;
        await reactToRecord(context, viewer, recordType, params.id, body.reactionType);
        return reply.status(201).send(await loadReactionSummary(context.db, viewer, recordType, params.id));
      },
    );

    routes.delete(
      `${base}/:id/reactions`,
      { schema: { params: ReactionRecordParamsSchema, response: { 204: NoBodySchema } } },
      async (request, reply) => {
        await removeReaction(context, request.viewer, recordType, request.params.id, request.viewer.userID);
        return reply.status(204).send();
      },
    );

    routes.delete(
      `${base}/:id/reactions/:userID`,
      { schema: { params: ReactionUserParamsSchema, response: { 204: NoBodySchema } } },
      async (request, reply) => {
        const { viewer, params } = request;
        await removeReaction(context, viewer, recordType, params.id, params.userID);
        return reply.status(204).send();
      },
    );
  }
}
