import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  BadgeAwardSchema,
  BadgeIDParamsSchema,
  BadgePatchSchema,
  BadgePostSchema,
  BadgeRecipientParamsSchema,
  BadgeRecipientSchema,
  BadgeSchema,
  BadgeUserParamsSchema,
  LeaderboardEntrySchema,
  LeaderboardQuerySchema,
  PagingQuerySchema,
  UserBadgeSchema,
} from "../../api/badgesApi";
import { awardBadgeByHand, revokeBadge } from "./badgeAwards";
import { createBadge, deleteBadge, patchBadge } from "./badgeCommands";
import { leaderboard, listRecipients, listUserBadges } from "./badgeQueries";
import { getBadgeRow, listBadgeRows, presentBadge } from "./badgeRows";
import "../tables";

async function requireBadge(context: AppContext, badgeID: number) {
  const row = await getBadgeRow(context.db, badgeID);
  if (!row) throw new NotFoundError("Badge");
  return presentBadge(row);
}

/** Badges: anyone reads them and who holds them; site managers define them; moderators (badges.award) award. */
export function badgesRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get("/badges", { schema: { response: { 200: Type.Array(BadgeSchema) } } }, async () =>
    (await listBadgeRows(context.db)).map(presentBadge),
  );

  routes.get(
    "/badges/leaderboard",
    {
      schema: { querystring: LeaderboardQuerySchema, response: { 200: Type.Array(LeaderboardEntrySchema) } },
    },
    async (request) => leaderboard(context.db, request.query.limit ?? 10),
  );

  routes.get(
    "/badges/user/:userID",
    {
      // A public read: listing a member's badges does not act on them.
      config: { actsOnUser: false },
      schema: { params: BadgeUserParamsSchema, response: { 200: Type.Array(UserBadgeSchema) } },
    },
    async (request) => {
      const user = await context.db
        .selectFrom("users")
        .select("userID")
        .where("userID", "=", request.params.userID)
        .where("deleted", "=", 0)
        .executeTakeFirst();
      if (!user) throw new NotFoundError("User");
      return listUserBadges(context.db, request.params.userID);
    },
  );

  routes.get(
    "/badges/:id",
    { schema: { params: BadgeIDParamsSchema, response: { 200: BadgeSchema } } },
    async (request) => requireBadge(context, request.params.id),
  );

  routes.post(
    "/badges",
    { schema: { body: BadgePostSchema, response: { 201: BadgeSchema } } },
    async (request, reply) => {
      const badgeID = await createBadge(context, request.viewer, request.body);
      return reply.code(201).send(await requireBadge(context, badgeID));
    },
  );

  routes.patch(
    "/badges/:id",
    { schema: { params: BadgeIDParamsSchema, body: BadgePatchSchema, response: { 200: BadgeSchema } } },
    async (request) => {
      await patchBadge(context, request.viewer, request.params.id, request.body);
      return requireBadge(context, request.params.id);
    },
  );

  routes.delete(
    "/badges/:id",
    { schema: { params: BadgeIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteBadge(context, request.viewer, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.get(
    "/badges/:id/recipients",
    {
      schema: {
        params: BadgeIDParamsSchema,
        querystring: PagingQuerySchema,
        response: { 200: Type.Array(BadgeRecipientSchema) },
      },
    },
    async (request) => {
      await requireBadge(context, request.params.id);
      return listRecipients(
        context.db,
        request.params.id,
        request.query.page ?? 1,
        request.query.limit ?? 30,
      );
    },
  );

  routes.post(
    "/badges/:id/recipients",
    {
      schema: {
        params: BadgeIDParamsSchema,
        body: BadgeAwardSchema,
        response: { 201: Type.Array(UserBadgeSchema) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await awardBadgeByHand(context, request.viewer, id, request.body.userID, request.body.reason ?? null);
      return reply.code(201).send(await listUserBadges(context.db, request.body.userID));
    },
  );

  routes.delete(
    "/badges/:id/recipients/:userID",
    { schema: { params: BadgeRecipientParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await revokeBadge(context, request.viewer, request.params.id, request.params.userID);
      return reply.code(204).send();
    },
  );
}
