import type { AppContext } from "@library/server/app/appContext";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { PollParamsSchema, PollPatchBodySchema, PollSchema, PollVoteBodySchema } from "../../api/pollsApi";
import { getViewablePoll } from "./pollAccess";
import type { PollChanges } from "./pollChanges";
import { castVote, retractVote, setPollClosed } from "./pollsCommands";
import { presentPoll } from "./pollsQueries";
import { pollStreamRoute } from "./pollStream";

/**
 * `GET /polls/{discussionID}` (anyone who may see the discussion), `PUT` and `DELETE
 * /polls/{discussionID}/vote` (polls.vote), `PATCH /polls/{discussionID}` `{closed}` (its author or a
 * moderator) and `GET /polls/{discussionID}/stream` (live results). Each write answers the poll as it is now.
 */
export function pollsRoutes(api: FastifyInstance, context: AppContext, changes: PollChanges): void {
  const routes = typedRoutes(api);

  const answer = async (viewer: Viewer, discussionID: number) => {
    const { row, definition } = await getViewablePoll(context, viewer, discussionID);
    return presentPoll(context, viewer, row, definition);
  };

  routes.get(
    "/polls/:discussionID",
    { schema: { params: PollParamsSchema, response: { 200: PollSchema } } },
    async (request) => answer(request.viewer, request.params.discussionID),
  );

  routes.put(
    "/polls/:discussionID/vote",
    { schema: { params: PollParamsSchema, body: PollVoteBodySchema, response: { 200: PollSchema } } },
    async (request) => {
      const { discussionID } = request.params;
      await getViewablePoll(context, request.viewer, discussionID);
      await castVote(context, request.viewer, discussionID, request.body.optionIDs);
      noteChanged(request, recordNames.discussion(discussionID));
      return answer(request.viewer, discussionID);
    },
  );

  routes.delete(
    "/polls/:discussionID/vote",
    { schema: { params: PollParamsSchema, response: { 200: PollSchema } } },
    async (request) => {
      const { discussionID } = request.params;
      await getViewablePoll(context, request.viewer, discussionID);
      await retractVote(context, request.viewer, discussionID);
      noteChanged(request, recordNames.discussion(discussionID));
      return answer(request.viewer, discussionID);
    },
  );

  routes.patch(
    "/polls/:discussionID",
    { schema: { params: PollParamsSchema, body: PollPatchBodySchema, response: { 200: PollSchema } } },
    async (request) => {
      const { discussionID } = request.params;
      await getViewablePoll(context, request.viewer, discussionID);
      await setPollClosed(context, request.viewer, discussionID, request.body.closed);
      noteChanged(request, recordNames.discussion(discussionID));
      return answer(request.viewer, discussionID);
    },
  );

  pollStreamRoute(api, context, changes);
}
