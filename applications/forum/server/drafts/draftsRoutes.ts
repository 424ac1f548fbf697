import { Type } from "@sinclair/typebox";
import {
  DraftEditSchema,
  DraftIDParamsSchema,
  DraftListQuerySchema,
  DraftPatchSchema,
  DraftPostSchema,
  DraftScheduleSchema,
  DraftSchema,
} from "@forum/api/drafts";
import type { AppContext } from "@library/server/app/appContext";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { setPagingHeaders } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { registerUserContentHandler } from "@library/server/users/userContentHandlers";
import { registerMeCount } from "@library/server/users/meCounts";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { cancelDraftSchedule, createDraft, deleteDraft, rescheduleDraft, updateDraft } from "./draftCommands";
import { defineDraftJobs } from "./draftPublishJob";
import { removePublishJobs } from "./draftScheduleJobs";
import { countOwnDrafts, listOwnDrafts } from "./draftQueries";
import { assertDraftAccess, getDraftRow } from "./draftRows";
import { draftBreadCrumbs } from "./draftBreadCrumbs";
import { presentDraft, presentDraftEdit } from "./draftsPresenter";

/** Drafts (API.md 14): a member's own unposted discussions, comments and replies, and scheduled publishing. */
export function draftsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  defineDraftJobs(context);
  // A deleted member's drafts go with them, whatever happens to their posts: nothing unposted is published later.
  registerUserContentHandler("drafts", async (trx, userID) => {
    const drafts = await trx
      .selectFrom("drafts")
      .select("draftID")
      .where("insertUserID", "=", userID)
      .execute();
    await removePublishJobs(
      trx,
      drafts.map((draft) => draft.draftID),
    );
    await trx.deleteFrom("drafts").where("insertUserID", "=", userID).execute();
  });
  registerMeCount(context, {
    name: "Drafts",
    sort: 40,
    count: (ctx, viewer) => countOwnDrafts(ctx.db, viewer.userID),
  });
  const readable = async (viewer: Viewer, draftID: number) =>
    assertDraftAccess(viewer, await getDraftRow(context.db, draftID), "read");
  const params = DraftIDParamsSchema;

  routes.get(
    "/drafts",
    { schema: { querystring: DraftListQuerySchema, response: { 200: Type.Array(DraftSchema) } } },
    async (request, reply) => {
      const { rows, total, page, limit } = await listOwnDrafts(context, request.viewer, request.query);
      setPagingHeaders(request, reply, { page, limit, total }, context.config.siteUrl);
      if (request.query.expand !== true) return rows.map((row) => presentDraft(row));
      const crumbs = await draftBreadCrumbs(context, request.viewer, rows);
      return rows.map((row) => presentDraft(row, true, crumbs.get(row.draftID) ?? []));
    },
  );

  routes.get("/drafts/:id", { schema: { params, response: { 200: DraftSchema } } }, async (request) => {
    const row = await readable(request.viewer, request.params.id);
    const crumbs = await draftBreadCrumbs(context, request.viewer, [row]);
    return presentDraft(row, true, crumbs.get(row.draftID) ?? []);
  });

  routes.get(
    "/drafts/:id/edit",
    { schema: { params, response: { 200: DraftEditSchema } } },
    async (request) => presentDraftEdit(await readable(request.viewer, request.params.id)),
  );

  routes.post(
    "/drafts",
    { schema: { body: DraftPostSchema, response: { 201: DraftSchema } } },
    async (request, reply) => {
      // A member's own drafts: nothing public changes, no public cache is retired.
      noteChanged(request, recordNames.member(request.viewer.userID));
      const draftID = await createDraft(context, request.viewer, request.body);
      reply.status(201);
      return presentDraft(await readable(request.viewer, draftID));
    },
  );

  routes.patch(
    "/drafts/:id",
    { schema: { params, body: DraftPatchSchema, response: { 200: DraftSchema } } },
    async (request) => {
      noteChanged(request, recordNames.member(request.viewer.userID));
      await updateDraft(context, request.viewer, request.params.id, request.body);
      return presentDraft(await readable(request.viewer, request.params.id));
    },
  );

  routes.patch(
    "/drafts/schedule/:id",
    { schema: { params, body: DraftScheduleSchema, response: { 200: DraftSchema } } },
    async (request) => {
      noteChanged(request, recordNames.member(request.viewer.userID));
      await rescheduleDraft(context, request.viewer, request.params.id, request.body.dateScheduled);
      return presentDraft(await readable(request.viewer, request.params.id));
    },
  );

  routes.patch(
    "/drafts/cancel-schedule/:id",
    { schema: { params, response: { 200: DraftSchema } } },
    async (request) => {
      noteChanged(request, recordNames.member(request.viewer.userID));
      await cancelDraftSchedule(context, request.viewer, request.params.id);
      return presentDraft(await readable(request.viewer, request.params.id));
    },
  );

  routes.delete("/drafts/:id", { schema: { params } }, async (request, reply) => {
    noteChanged(request, recordNames.member(request.viewer.userID));
    await deleteDraft(context, request.viewer, request.params.id);
    return reply.status(204).send();
  });
}
