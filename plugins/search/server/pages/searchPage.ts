import type { AppContext } from "@library/server/app/appContext";
import type { FastifyInstance } from "fastify";
import { renderSearchPage } from "./searchPageView";

/** `/search`: results rendered on the server (readable without JavaScript), then the React page over them. */
export function searchPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/search", async (request, reply) => renderSearchPage(context, request, reply));
}
