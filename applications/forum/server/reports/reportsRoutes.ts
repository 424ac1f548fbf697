import { ReportPostSchema, ReportSchema } from "@forum/api/reports";
import type { AppContext } from "@library/server/app/appContext";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { submitReport } from "./reportCommands";

/** `POST /reports`: 201 with the new report, 200 when it updated the member's earlier report of the post. */
export function reportsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  routes.post(
    "/reports",
    { schema: { body: ReportPostSchema, response: { 200: ReportSchema, 201: ReportSchema } } },
    async (request, reply) => {
      const { report, created } = await submitReport(context, request.viewer, request.body);
      return reply.status(created ? 201 : 200).send(report);
    },
  );
}
