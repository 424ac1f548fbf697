import {
  BanBodySchema,
  BanResultSchema,
  DeleteUserBodySchema,
  UserIDParamsSchema,
  UserPatchSchema,
  UserPostSchema,
  UserSchema,
} from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { createUser } from "./userCreate";
import { approveApplicant } from "./applicantApproval";
import { setUserBan } from "./userBans";
import {
  PostMuteBodySchema,
  PostMuteResultSchema,
  setPostMute,
  warnMember,
  WarningBodySchema,
  WarningResultSchema,
} from "./userPostMutes";
import { deleteUser } from "./userModeration";
import { patchUser } from "./userPatch";
import { getUserRow } from "./usersQueries";
import { presentUsersForViewer } from "./usersRoutes";

async function presentOne(context: AppContext, viewer: Viewer, userID: number) {
  const row = await getUserRow(context.db, userID);
  const [user] = row ? await presentUsersForViewer(context, viewer, [row]) : [];
  if (!user) throw new NotFoundError("User");
  return user;
}

/** User administration and self-edit (API.md 4.2). */
export function userWriteRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.post(
    "/users",
    { schema: { body: UserPostSchema, response: { 201: UserSchema } } },
    async (request, reply) => {
      const siteUrl = context.origin.forMail();
      const userID = await createUser(context, request.viewer, request.body, {
        siteUrl,
        ipAddress: request.ip,
      });
      return reply.code(201).send(await presentOne(context, request.viewer, userID));
    },
  );

  routes.patch(
    "/users/:id",
    { schema: { params: UserIDParamsSchema, body: UserPatchSchema, response: { 200: UserSchema } } },
    async (request) => {
      const siteUrl = context.origin.forMail();
      await patchUser(context, request.viewer, request.params.id, request.body, siteUrl);
      return presentOne(context, request.viewer, request.params.id);
    },
  );

  routes.put(
    "/users/:id/ban",
    { schema: { params: UserIDParamsSchema, body: BanBodySchema, response: { 200: BanResultSchema } } },
    async (request) => setUserBan(context, request.viewer, request.params.id, request.body),
  );

  routes.put(
    "/users/:id/post-mute",
    {
      schema: {
        params: UserIDParamsSchema,
        body: PostMuteBodySchema,
        response: { 200: PostMuteResultSchema },
      },
    },
    async (request) => setPostMute(context, request.viewer, request.params.id, request.body),
  );

  routes.post(
    "/users/:id/warnings",
    {
      schema: { params: UserIDParamsSchema, body: WarningBodySchema, response: { 201: WarningResultSchema } },
    },
    async (request, reply) => {
      await warnMember(context, request.viewer, request.params.id, request.body);
      return reply.code(201).send({ warned: true });
    },
  );

  routes.post(
    "/users/:id/approve",
    { schema: { params: UserIDParamsSchema, response: { 200: UserSchema } } },
    async (request) => {
      await approveApplicant(context, request.viewer, request.params.id);
      return presentOne(context, request.viewer, request.params.id);
    },
  );

  routes.delete(
    "/users/:id",
    {
      schema: { params: UserIDParamsSchema, body: DeleteUserBodySchema, response: { 204: NoBodySchema } },
      // The body is optional: a DELETE without one gets the default delete method.
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
    },
    async (request, reply) => {
      await deleteUser(context, request.viewer, request.params.id, request.body.deleteMethod ?? "delete");
      return reply.code(204).send();
    },
  );
}
