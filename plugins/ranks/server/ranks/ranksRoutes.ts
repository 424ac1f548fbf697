import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  RankIDParamsSchema,
  RankPatchSchema,
  RankPostSchema,
  RankSchema,
  RankUserParamsSchema,
  UserRankPutSchema,
  UserRankSchema,
  type UserRank,
} from "../../api/ranksApi";
import { createRank, deleteRank, patchRank, setUserRank } from "./rankCommands";
import { getRank, listRanks, presentRank } from "./rankRows";
import "../tables";

async function requireRank(context: AppContext, rankID: number) {
  const rank = await getRank(context.db, rankID);
  if (!rank) throw new NotFoundError("Rank");
  return rank;
}

async function userRank(context: AppContext, userID: number): Promise<UserRank> {
  const user = await context.db
    .selectFrom("users")
    .select("userID")
    .where("userID", "=", userID)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!user) throw new NotFoundError("User");
  const held = await context.db
    .selectFrom("userRanks")
    .innerJoin("ranks", "ranks.rankID", "userRanks.rankID")
    .selectAll("ranks")
    .select("userRanks.manual as heldManually")
    .where("userRanks.userID", "=", userID)
    .executeTakeFirst();
  if (!held) return { userID, rank: null, manual: false };
  const { heldManually, ...row } = held;
  const rank = await getRank(context.db, row.rankID);
  return { userID, rank: rank ?? presentRank(row, 0), manual: heldManually === 1 };
}

/** Ranks: anyone reads them; site managers define them; moderators (ranks.assign) give one by hand. */
export function ranksRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get("/ranks", { schema: { response: { 200: Type.Array(RankSchema) } } }, async () =>
    listRanks(context.db),
  );

  routes.post(
    "/ranks",
    { schema: { body: RankPostSchema, response: { 201: RankSchema } } },
    async (request, reply) => {
      const rankID = await createRank(context, request.viewer, request.body);
      return reply.code(201).send(await requireRank(context, rankID));
    },
  );

  routes.patch(
    "/ranks/:id",
    { schema: { params: RankIDParamsSchema, body: RankPatchSchema, response: { 200: RankSchema } } },
    async (request) => {
      await patchRank(context, request.viewer, request.params.id, request.body);
      return requireRank(context, request.params.id);
    },
  );

  routes.delete(
    "/ranks/:id",
    { schema: { params: RankIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteRank(context, request.viewer, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.get(
    "/ranks/user/:userID",
    {
      // A public read: reading a member's rank does not act on them.
      config: { actsOnUser: false },
      schema: { params: RankUserParamsSchema, response: { 200: UserRankSchema } },
    },
    async (request) => userRank(context, request.params.userID),
  );

  routes.put(
    "/ranks/user/:userID",
    { schema: { params: RankUserParamsSchema, body: UserRankPutSchema, response: { 200: UserRankSchema } } },
    async (request) => {
      await setUserRank(context, request.viewer, request.params.userID, request.body.rankID);
      return userRank(context, request.params.userID);
    },
  );
}
