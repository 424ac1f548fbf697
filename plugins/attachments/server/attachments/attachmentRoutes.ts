import type { AppContext } from "@library/server/app/appContext";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  AttachmentFormSchema,
  AttachmentListQuerySchema,
  AttachmentPostSchema,
  AttachmentRefreshSchema,
  AttachmentSchema,
  AttachmentSchemaQuerySchema,
  CatalogSchema,
} from "../../api/attachmentsApi";
import {
  attachmentCatalog,
  attachmentFormFor,
  createAttachment,
  refreshAttachments,
} from "./attachmentCommands";
import { listAttachments } from "./attachmentQueries";
import { viewableRecord } from "./attachmentRecords";

/**
 * Attachments (API.md 24): `GET /attachments/catalog`, `GET /attachments/schema`, `POST /attachments`,
 * `GET /attachments`, `POST /attachments/refresh`; each integration's permission and content scope decide.
 */
export function attachmentRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get("/attachments/catalog", { schema: { response: { 200: CatalogSchema } } }, async (request) =>
    attachmentCatalog(context, request.viewer, request.t),
  );

  routes.get(
    "/attachments/schema",
    { schema: { querystring: AttachmentSchemaQuerySchema, response: { 200: AttachmentFormSchema } } },
    async (request) =>
      attachmentFormFor(
        context,
        request.viewer,
        request.query,
        context.origin.forRequest(request),
        request.t,
      ),
  );

  routes.get(
    "/attachments",
    { schema: { querystring: AttachmentListQuerySchema, response: { 200: Type.Array(AttachmentSchema) } } },
    async (request) => {
      const { recordType, recordID } = request.query;
      await viewableRecord(context, request.viewer, recordType, recordID, context.origin.forRequest(request));
      return listAttachments(context, request.viewer, recordType, recordID);
    },
  );

  routes.post(
    "/attachments",
    { schema: { body: AttachmentPostSchema, response: { 201: AttachmentSchema } } },
    async (request, reply) => {
      const { attachment, record } = await createAttachment(
        context,
        request.viewer,
        request.body,
        context.origin.forRequest(request),
        request.t,
      );
      noteChanged(request, `discussion:${record.discussionID}`);
      return reply.code(201).send(attachment);
    },
  );

  routes.post(
    "/attachments/refresh",
    { schema: { body: AttachmentRefreshSchema, response: { 200: Type.Array(AttachmentSchema) } } },
    async (request) => {
      const { attachments, discussionIDs } = await refreshAttachments(
        context,
        request.viewer,
        request.body,
        context.origin.forRequest(request),
        request.t,
      );
      noteChanged(request, ...discussionIDs.map((id) => `discussion:${id}` as const));
      return attachments;
    },
  );
}
