import { UserIDParamsSchema } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { writeAuditEntry } from "@library/server/audit/recordAudit";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";

/** The archive's format version: bump it when a part changes shape. */
export const PERSONAL_DATA_FORMAT = 1;

/**
 * `GET /users/{id}/export` (`$me` for oneself; users.edit for anyone of no higher rank, recorded in the audit
 * log): everything the site keeps about a member, as one JSON file to download (GDPR access and portability).
 */
export function personalDataExportRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  routes.get("/users/:id/export", { schema: { params: UserIDParamsSchema } }, async (request, reply) => {
    const { viewer } = request;
    const userID = request.params.id;
    viewer.require("session.valid");
    if (userID !== viewer.userID && !viewer.has("users.edit")) throw new PermissionError(["users.edit"]);
    const user = await context.db
      .selectFrom("users")
      .select("name")
      .where("userID", "=", userID)
      .executeTakeFirst();
    if (!user || userID === 0) throw new NotFoundError("User");
    // Someone else's messages, addresses and sessions leave a trace before they leave the server.
    if (userID !== viewer.userID) await writeAuditEntry(context, request, 200);
    const archive = {
      format: PERSONAL_DATA_FORMAT,
      exportedAt: new Date().toISOString(),
      userID,
      ...(await context.personalData.exportFor(context, userID)),
    };
    const fileName = `personal-data-${userID}-${new Date().toISOString().slice(0, 10)}.json`;
    return reply
      .header("Content-Disposition", `attachment; filename="${fileName}"`)
      .header("Cache-Control", "private, no-store")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(archive, null, 2));
  });
}
