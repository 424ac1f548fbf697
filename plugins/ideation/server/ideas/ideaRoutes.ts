import type { AppContext } from "@library/server/app/appContext";
import { forumServices } from "@library/server/addons/forumServices";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  IdeaParamsSchema,
  IdeaSchema,
  IdeaStatusBodySchema,
  IdeaStatusParamsSchema,
  IdeaStatusPatchSchema,
  IdeaStatusPostSchema,
  IdeaStatusSchema,
  IdeaVoteBodySchema,
} from "../../api/ideationApi";
import {
  createIdeaStatus,
  deleteIdeaStatus,
  patchIdeaStatus,
  setIdeaStatus,
  setIdeaVote,
} from "./ideaCommands";
import { IDEA_TYPE, listIdeaStatuses, presentIdea } from "./ideaQueries";

/** An idea the viewer may see (404 for any other discussion). */
async function viewableIdea(context: AppContext, viewer: Viewer, discussionID: number): Promise<void> {
  const row = await forumServices().viewableDiscussion(context, viewer, discussionID);
  if (row.type !== IDEA_TYPE) throw new NotFoundError("Idea");
}

/**
 * Ideas: `GET /ideas/{id}`, `PUT`/`DELETE /ideas/{id}/vote` (ideation.vote), `PUT /ideas/{id}/status`
 * (ideation.manage); statuses: `GET /ideas/statuses` (anyone), `POST`, `PATCH`, `DELETE` (ideation.manage).
 */
export function ideaRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const statusOut = async (statusID: number) =>
    (await listIdeaStatuses(context.db)).find((status) => status.statusID === statusID)!;

  routes.get("/ideas/statuses", { schema: { response: { 200: Type.Array(IdeaStatusSchema) } } }, async () =>
    listIdeaStatuses(context.db),
  );
  routes.post(
    "/ideas/statuses",
    { schema: { body: IdeaStatusPostSchema, response: { 201: IdeaStatusSchema } } },
    async (request, reply) => {
      const statusID = await createIdeaStatus(context, request.viewer, request.body);
      return reply.code(201).send(await statusOut(statusID));
    },
  );
  routes.patch(
    "/ideas/statuses/:statusID",
    {
      schema: {
        params: IdeaStatusParamsSchema,
        body: IdeaStatusPatchSchema,
        response: { 200: IdeaStatusSchema },
      },
    },
    async (request) => {
      await patchIdeaStatus(context, request.viewer, request.params.statusID, request.body);
      return statusOut(request.params.statusID);
    },
  );
  routes.delete(
    "/ideas/statuses/:statusID",
    { schema: { params: IdeaStatusParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteIdeaStatus(context, request.viewer, request.params.statusID);
      return reply.code(204).send();
    },
  );

  routes.get(
    "/ideas/:discussionID",
    { schema: { params: IdeaParamsSchema, response: { 200: IdeaSchema } } },
    async (request) => {
      await viewableIdea(context, request.viewer, request.params.discussionID);
      return presentIdea(context, request.viewer, request.params.discussionID);
    },
  );
  routes.put(
    "/ideas/:discussionID/vote",
    { schema: { params: IdeaParamsSchema, body: IdeaVoteBodySchema, response: { 200: IdeaSchema } } },
    async (request) => {
      const { discussionID } = request.params;
      await viewableIdea(context, request.viewer, discussionID);
      await setIdeaVote(context, request.viewer, discussionID, request.body.value);
      noteChanged(request, recordNames.discussion(discussionID));
      return presentIdea(context, request.viewer, discussionID);
    },
  );
  routes.delete(
    "/ideas/:discussionID/vote",
    { schema: { params: IdeaParamsSchema, response: { 200: IdeaSchema } } },
    async (request) => {
      const { discussionID } = request.params;
      await viewableIdea(context, request.viewer, discussionID);
      await setIdeaVote(context, request.viewer, discussionID, 0);
      noteChanged(request, recordNames.discussion(discussionID));
      return presentIdea(context, request.viewer, discussionID);
    },
  );
  routes.put(
    "/ideas/:discussionID/status",
    { schema: { params: IdeaParamsSchema, body: IdeaStatusBodySchema, response: { 200: IdeaSchema } } },
    async (request) => {
      const { discussionID } = request.params;
      await viewableIdea(context, request.viewer, discussionID);
      await setIdeaStatus(
        context,
        request.viewer,
        discussionID,
        request.body.statusID,
        request.body.statusNotes ?? "",
      );
      noteChanged(request, recordNames.discussion(discussionID));
      return presentIdea(context, request.viewer, discussionID);
    },
  );
}
