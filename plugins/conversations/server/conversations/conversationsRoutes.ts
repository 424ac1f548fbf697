import {
  ConversationGetQuerySchema,
  ConversationListQuerySchema,
  ConversationPostSchema,
  ConversationSchema,
  IDParamsSchema,
  ParticipantSchema,
  ParticipantsPostSchema,
  ParticipantsQuerySchema,
} from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { getReadableConversation } from "./conversationAccess";
import { addParticipants, createConversation, leaveConversation } from "./conversationsCommands";
import { presentConversations, presentParticipants } from "./conversationsPresenter";
import { listConversations, listParticipants } from "./conversationsQueries";

/** Conversations (API.md 12). */
export function conversationsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const single = async (viewer: Viewer, id: number, expand: readonly string[] = []) => {
    const { row } = await getReadableConversation(context, viewer, id);
    const [conversation] = await presentConversations(context.db, viewer.userID, [row], expand);
    if (!conversation) throw new Error("A presented conversation went missing.");
    return conversation;
  };

  routes.get(
    "/conversations",
    {
      schema: {
        querystring: ConversationListQuerySchema,
        response: { 200: Type.Array(ConversationSchema) },
      },
    },
    async (request, reply) => {
      const { viewer, query } = request;
      const { rows, page, limit } = await listConversations(context, viewer, query);
      setPagingHeaders(request, reply, { page, limit, count: rows.length }, context.config.siteUrl);
      return presentConversations(context.db, viewer.userID, rows, query.expand ?? []);
    },
  );

  routes.get(
    "/conversations/:id",
    {
      schema: {
        params: IDParamsSchema,
        querystring: ConversationGetQuerySchema,
        response: { 200: ConversationSchema },
      },
    },
    async (request) => single(request.viewer, request.params.id, request.query.expand),
  );

  routes.post(
    "/conversations",
    { schema: { body: ConversationPostSchema, response: { 201: ConversationSchema } } },
    async (request, reply) => {
      const id = await createConversation(context, request.viewer, request.body);
      return reply.status(201).send(await single(request.viewer, id));
    },
  );

  routes.get(
    "/conversations/:id/participants",
    {
      schema: {
        params: IDParamsSchema,
        querystring: ParticipantsQuerySchema,
        response: { 200: Type.Array(ParticipantSchema) },
      },
    },
    async (request, reply) => {
      const { viewer, query, params } = request;
      const { rows, page, limit, total } = await listParticipants(context, viewer, params.id, query);
      setPagingHeaders(request, reply, { page, limit, total }, context.config.siteUrl);
      const expand = query.expand ?? [];
      return presentParticipants(context.db, rows, expand.includes("user") || expand.includes("all"));
    },
  );

  routes.post(
    "/conversations/:id/participants",
    {
      schema: {
        params: IDParamsSchema,
        body: ParticipantsPostSchema,
        response: { 200: Type.Array(ParticipantSchema) },
      },
    },
    async (request) => addParticipants(context, request.viewer, request.params.id, request.body),
  );

  routes.delete(
    "/conversations/:id/leave",
    { schema: { params: IDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await leaveConversation(context, request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );
}
