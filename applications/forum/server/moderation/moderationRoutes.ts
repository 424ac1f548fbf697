import { Type } from "@sinclair/typebox";
import {
  MODERATION_ACTIONS,
  ModerationBulkResultSchema,
  ModerationBulkSchema,
  ModerationCountsSchema,
  ModerationItemParamsSchema,
  ModerationItemSchema,
  ModerationQueueQuerySchema,
  type ModerationAction,
} from "@forum/api/moderationQueue";
import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import { setPagingHeaders } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance, FastifyRequest } from "fastify";
import "@library/server/audit/auditTables";
import { actOnItem, actOnItems } from "./moderationActions";
import { listQueue, presentItems, queueCounts } from "./moderationQueries";

/**
 * One audit entry per item of a bulk action, shaped like the entry of the single-item route (the request
 * itself is audited as `moderation.items.bulk` by the API's audit hook).
 */
async function auditBulkItems(
  context: AppContext,
  request: FastifyRequest,
  action: ModerationAction,
  itemIDs: readonly number[],
): Promise<void> {
  if (itemIDs.length === 0) return;
  const parent = request.auditLog;
  const now = nowIso();
  await context.db
    .insertInto("auditLog")
    .values(
      itemIDs.map((itemID) => ({
        eventType: `moderation.items.${action}`,
        method: "POST",
        path: `/api/v2/moderation/items/:id/${action}`,
        recordType: "moderation",
        recordID: itemID,
        userID: request.viewer.userID,
        ipAddress: request.ip || null,
        status: 200,
        parentAuditLogID: parent?.parentAuditLogID ?? null,
        requestPath: parent?.requestPath ?? "/api/v2/moderation/items/bulk",
        requestMethod: parent?.requestMethod ?? "POST",
        requestQuery: parent?.requestQuery ? JSON.stringify(parent.requestQuery) : null,
        dateInserted: now,
      })),
    )
    .execute();
}

/** The moderation queue (moderators): list, counts, one action per item, and bulk actions. */
export function moderationRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/moderation/items",
    {
      schema: {
        querystring: ModerationQueueQuerySchema,
        response: { 200: Type.Array(ModerationItemSchema) },
      },
    },
    async (request, reply) => {
      const { items, page, limit } = await listQueue(context, request.viewer, request.query);
      setPagingHeaders(request, reply, { page, limit, count: items.length }, context.config.siteUrl);
      return items;
    },
  );

  routes.get(
    "/moderation/counts",
    { schema: { response: { 200: ModerationCountsSchema } } },
    async (request) => queueCounts(context, request.viewer),
  );

  // One route per action, so the audit log names the action (`moderation.items.approve`).
  for (const action of MODERATION_ACTIONS)
    routes.post(
      `/moderation/items/:id/${action}`,
      { schema: { params: ModerationItemParamsSchema, response: { 200: ModerationItemSchema } } },
      async (request) => {
        await actOnItem(context, request.viewer, request.params.id, action);
        const row = await context.db
          .selectFrom("moderationItems")
          .selectAll()
          .where("itemID", "=", request.params.id)
          .executeTakeFirstOrThrow();
        const [item] = await presentItems(context, [row]);
        return item;
      },
    );

  routes.post(
    "/moderation/items/bulk",
    { schema: { body: ModerationBulkSchema, response: { 200: ModerationBulkResultSchema } } },
    async (request) => {
      const result = await actOnItems(context, request.viewer, request.body.itemIDs, request.body.action);
      await auditBulkItems(context, request, request.body.action, result.successIDs);
      return result;
    },
  );
}
