import { Type, type Static, type TSchema } from "@sinclair/typebox";
import type { FastifyInstance, FastifyTypeProvider } from "fastify";

/**
 * Lets Fastify infer `request.body/query/params` and the reply type from the TypeBox schemas a route
 * declares (the same few lines as @fastify/type-provider-typebox, which is not a dependency).
 */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends TSchema ? Static<this["schema"]> : unknown;
  serializer: this["schema"] extends TSchema ? Static<this["schema"]> : unknown;
}

export function typedRoutes(api: FastifyInstance) {
  return api.withTypeProvider<TypeBoxTypeProvider>();
}

export type TypedApi = ReturnType<typeof typedRoutes>;

/** Response schema of a reply without a body (204, and API.md's "201 (empty)"): `reply.send()` with no payload. */
export const NoBodySchema = Type.Unsafe<undefined>({ type: "null", description: "No body." });
