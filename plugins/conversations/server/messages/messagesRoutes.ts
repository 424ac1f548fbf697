import {
  IDParamsSchema,
  MessageGetQuerySchema,
  MessageListQuerySchema,
  MessagePostSchema,
  MessageSchema,
} from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { createMessage } from "./messagesCommands";
import { presentMessages } from "./messagesPresenter";
import { getReadableMessage, listMessages } from "./messagesQueries";

/** Messages of conversations (API.md 12). */
export function messagesRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/messages",
    { schema: { querystring: MessageListQuerySchema, response: { 200: Type.Array(MessageSchema) } } },
    async (request, reply) => {
      const { rows, page, limit, total } = await listMessages(context, request.viewer, request.query);
      setPagingHeaders(request, reply, { page, limit, total }, context.config.siteUrl);
      return presentMessages(context.db, rows, request.query.expand ?? []);
    },
  );

  routes.get(
    "/messages/:id",
    {
      schema: {
        params: IDParamsSchema,
        querystring: MessageGetQuerySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      const row = await getReadableMessage(context, request.viewer, request.params.id);
      const [message] = await presentMessages(context.db, [row], request.query.expand ?? []);
      if (!message) throw new Error("A presented message went missing.");
      return message;
    },
  );

  routes.post(
    "/messages",
    { schema: { body: MessagePostSchema, response: { 201: MessageSchema } } },
    async (request, reply) => {
      const id = await createMessage(context, request.viewer, request.body);
      const row = await getReadableMessage(context, request.viewer, id);
      const [message] = await presentMessages(context.db, [row], ["insertUser"]);
      if (!message) throw new Error("A presented message went missing.");
      return reply.status(201).send(message);
    },
  );
}
