import type { AppContext } from "@library/server/app/appContext";
import type { FastifyInstance } from "fastify";
import { tagsRoutes } from "./tagsRoutes";

/** Tags: the `/api/v2` routes of API.md 10 and 7.12. */
export function registerTags(api: FastifyInstance, context: AppContext): void {
  tagsRoutes(api, context);
}
