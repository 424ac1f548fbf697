import {
  InvitationIDParamsSchema,
  InvitationListQuerySchema,
  InvitationPostResultSchema,
  InvitationPostSchema,
  InvitationSchema,
} from "@forum/api/invitations";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { INVITE_PERMISSION, revokeInvitation, sendInvitations } from "./invitationCommands";
import { listInvitations } from "./invitationQueries";

/** Invitations to register (users.add): send by mail, list with their status, revoke. */
export function invitationsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/invitations",
    { schema: { querystring: InvitationListQuerySchema, response: { 200: Type.Array(InvitationSchema) } } },
    async (request, reply) => {
      request.viewer.require(INVITE_PERMISSION);
      const { invitations, page, limit, total } = await listInvitations(context.db, request.query);
      setPagingHeaders(request, reply, { page, limit, total }, context.config.siteUrl);
      return invitations;
    },
  );

  routes.post(
    "/invitations",
    { schema: { body: InvitationPostSchema, response: { 201: InvitationPostResultSchema } } },
    async (request, reply) => {
      const result = await sendInvitations(context, request.viewer, request.body, context.origin.forMail());
      return reply.status(201).send(result);
    },
  );

  routes.delete(
    "/invitations/:id",
    { schema: { params: InvitationIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await revokeInvitation(context, request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );
}
