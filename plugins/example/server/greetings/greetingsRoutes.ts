import { GreetingListQuerySchema, GreetingPostSchema, GreetingSchema } from "@plugins/example/api/exampleApi";
import type { AppContext } from "@library/server/app/appContext";
import { nowIso, toApiDate } from "@library/server/http/dates";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import "../tables";

/** `GET /example/greetings` (anyone, newest first) and `POST /example/greetings` (example.greet). */
export function greetingsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/example/greetings",
    { schema: { querystring: GreetingListQuerySchema, response: { 200: Type.Array(GreetingSchema) } } },
    async (request) => {
      const rows = await context.db
        .selectFrom("exampleGreetings")
        .selectAll()
        .orderBy("greetingID", "desc")
        .limit(request.query.limit ?? 30)
        .execute();
      return rows.map((row) => ({ ...row, dateInserted: toApiDate(row.dateInserted) }));
    },
  );

  routes.post(
    "/example/greetings",
    { schema: { body: GreetingPostSchema, response: { 201: GreetingSchema } } },
    async (request, reply) => {
      request.viewer.require("example.greet");
      const row = await context.db
        .insertInto("exampleGreetings")
        .values({
          insertUserID: request.viewer.userID,
          message: request.body.message,
          dateInserted: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ ...row, dateInserted: toApiDate(row.dateInserted) });
    },
  );
}
