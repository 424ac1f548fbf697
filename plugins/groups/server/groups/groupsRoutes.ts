import {
  GroupDiscussionSchema,
  GroupIDParamsSchema,
  GroupListQuerySchema,
  GroupMemberParamsSchema,
  GroupMemberPatchSchema,
  GroupMemberSchema,
  GroupPatchSchema,
  GroupPostSchema,
  GroupRequestDecisionSchema,
  GroupRequestSchema,
  GroupSchema,
  InvitationAnswerSchema,
  InvitationPostSchema,
  InviteeSchema,
  JoinResultSchema,
  type GroupRole,
} from "../../api/groupsApi";
import type { AppContext } from "@library/server/app/appContext";
import { ForbiddenError } from "@library/server/errors/httpErrors";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { getVisibleGroup, requireLeader, seesInside } from "./groupAccess";
import {
  createGroup,
  decideRequest,
  deleteGroup,
  joinGroup,
  patchGroup,
  removeMember,
  setMemberRole,
} from "./groupsCommands";
import { presentGroups } from "./groupsPresenter";
import { listGroups } from "./groupsQueries";
import { answerInvitation, inviteToGroup } from "./invitationCommands";

/** Groups, members, join requests and invitations (API.md 27). */
export function groupsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const single = async (viewer: Viewer, id: number) => {
    const { group } = await getVisibleGroup(context, viewer, id);
    const [presented] = await presentGroups(context.db, viewer, [group]);
    if (!presented) throw new Error("A presented group went missing.");
    return presented;
  };
  const inside = async (viewer: Viewer, id: number) => {
    const { group, role } = await getVisibleGroup(context, viewer, id);
    if (!seesInside(group, role, viewer)) throw new ForbiddenError("Only the group's members may see this.");
    return { group, role };
  };

  routes.get(
    "/groups",
    { schema: { querystring: GroupListQuerySchema, response: { 200: Type.Array(GroupSchema) } } },
    async (request, reply) => {
      const { rows, page, limit } = await listGroups(context, request.viewer, request.query);
      setPagingHeaders(request, reply, { page, limit, count: rows.length }, context.config.siteUrl);
      return presentGroups(context.db, request.viewer, rows);
    },
  );

  routes.post(
    "/groups",
    { schema: { body: GroupPostSchema, response: { 201: GroupSchema } } },
    async (request, reply) => {
      const id = await createGroup(context, request.viewer, request.body);
      return reply.status(201).send(await single(request.viewer, id));
    },
  );

  routes.get(
    "/groups/:id",
    { schema: { params: GroupIDParamsSchema, response: { 200: GroupSchema } } },
    async (request) => single(request.viewer, request.params.id),
  );

  routes.patch(
    "/groups/:id",
    { schema: { params: GroupIDParamsSchema, body: GroupPatchSchema, response: { 200: GroupSchema } } },
    async (request) => {
      await patchGroup(context, request.viewer, request.params.id, request.body);
      return single(request.viewer, request.params.id);
    },
  );

  routes.delete(
    "/groups/:id",
    { schema: { params: GroupIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteGroup(context, request.viewer, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.get(
    "/groups/:id/members",
    { schema: { params: GroupIDParamsSchema, response: { 200: Type.Array(GroupMemberSchema) } } },
    async (request) => {
      await inside(request.viewer, request.params.id);
      const rows = await context.db
        .selectFrom("groupMembers")
        .selectAll()
        .where("groupID", "=", request.params.id)
        .orderBy("role", "asc")
        .orderBy("dateInserted", "asc")
        .limit(500)
        .execute();
      const users = await loadUserFragments(
        context.db,
        rows.map((row) => row.userID),
      );
      return rows.map((row) => ({
        userID: row.userID,
        role: row.role as GroupRole,
        dateInserted: row.dateInserted,
        user: userFragmentOf(users, row.userID),
      }));
    },
  );

  routes.post(
    "/groups/:id/join",
    { schema: { params: GroupIDParamsSchema, response: { 200: JoinResultSchema } } },
    async (request) => ({ status: await joinGroup(context, request.viewer, request.params.id) }),
  );

  routes.delete(
    "/groups/:id/members/:userID",
    {
      config: { actsOnUser: false }, // group membership: the group leaders' to manage, whoever the member is
      schema: { params: GroupMemberParamsSchema, response: { 204: NoBodySchema } },
    },
    async (request, reply) => {
      await removeMember(context, request.viewer, request.params.id, request.params.userID);
      return reply.status(204).send();
    },
  );

  routes.patch(
    "/groups/:id/members/:userID",
    {
      config: { actsOnUser: false }, // group membership: the group leaders' to manage, whoever the member is
      schema: {
        params: GroupMemberParamsSchema,
        body: GroupMemberPatchSchema,
        response: { 204: NoBodySchema },
      },
    },
    async (request, reply) => {
      const { id, userID } = request.params;
      await setMemberRole(context, request.viewer, id, userID, request.body.role);
      return reply.status(204).send();
    },
  );

  routes.get(
    "/groups/:id/requests",
    { schema: { params: GroupIDParamsSchema, response: { 200: Type.Array(GroupRequestSchema) } } },
    async (request) => {
      const { role } = await getVisibleGroup(context, request.viewer, request.params.id);
      requireLeader(role, request.viewer);
      const rows = await context.db
        .selectFrom("groupRequests")
        .selectAll()
        .where("groupID", "=", request.params.id)
        .orderBy("dateInserted")
        .execute();
      const users = await loadUserFragments(
        context.db,
        rows.map((row) => row.userID),
      );
      return rows.map((row) => ({ ...row, user: userFragmentOf(users, row.userID) }));
    },
  );

  routes.patch(
    "/groups/:id/requests/:userID",
    {
      config: { actsOnUser: false }, // group membership: the group leaders' to manage, whoever the member is
      schema: {
        params: GroupMemberParamsSchema,
        body: GroupRequestDecisionSchema,
        response: { 204: NoBodySchema },
      },
    },
    async (request, reply) => {
      const { id, userID } = request.params;
      await decideRequest(context, request.viewer, id, userID, request.body.status);
      return reply.status(204).send();
    },
  );

  routes.post(
    "/groups/:id/invitations",
    {
      schema: {
        params: GroupIDParamsSchema,
        body: InvitationPostSchema,
        response: { 201: Type.Array(InviteeSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteToGroup(context, request.viewer, request.params.id, request.body)),
  );

  routes.patch(
    "/groups/:id/invitation",
    {
      schema: { params: GroupIDParamsSchema, body: InvitationAnswerSchema, response: { 204: NoBodySchema } },
    },
    async (request, reply) => {
      const { status, token } = request.body;
      await answerInvitation(context, request.viewer, request.params.id, status, token);
      return reply.status(204).send();
    },
  );

  routes.get(
    "/groups/:id/discussions",
    { schema: { params: GroupIDParamsSchema, response: { 200: Type.Array(GroupDiscussionSchema) } } },
    async (request) => {
      await inside(request.viewer, request.params.id);
      const rows = await context.db
        .selectFrom("groupDiscussions")
        .innerJoin("discussions", "discussions.discussionID", "groupDiscussions.discussionID")
        .select([
          "discussions.discussionID",
          "discussions.name",
          "discussions.insertUserID",
          "discussions.dateInserted",
          "discussions.countComments",
        ])
        .where("groupDiscussions.groupID", "=", request.params.id)
        .where("discussions.deleteLogID", "is", null)
        .orderBy("discussions.dateLastComment", "desc")
        .limit(100)
        .execute();
      return rows.map((row) => ({ ...row, url: `/discussion/${row.discussionID}` }));
    },
  );
}
