import { ConfigQuerySchema, ConfigValuesSchema } from "@forum/api/config";
import type { AppContext } from "@library/server/app/appContext";
import type { FastifyInstance } from "fastify";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { patchConfig, readConfig } from "./configAccess";

/** Site configuration (API.md 20): read and write per key level. */
export function configRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/config",
    { schema: { querystring: ConfigQuerySchema, response: { 200: ConfigValuesSchema } } },
    async (request) => readConfig(context, request.viewer, request.query.select),
  );

  routes.patch(
    "/config",
    { schema: { body: ConfigValuesSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await patchConfig(context, request.viewer, request.body);
      return reply.code(204).send();
    },
  );
}
