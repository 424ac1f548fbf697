import {
  DiscussionTypeBodySchema,
  DismissBodySchema,
  DismissResultSchema,
  MuteBodySchema,
} from "@forum/api/discussionOptions";
import { DiscussionIDParamsSchema, DiscussionSchema, type Discussion } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { bumpDiscussion, changeDiscussionType, setDismissed, setMuted } from "./discussionOptionsCommands";
import { getViewableDiscussion } from "./discussionRows";
import { presentDiscussion } from "./discussionsPresenter";

/** The options menu's own calls: dismiss, mute (API.md 7.9), bump (7.10) and change type (7.11). */
export function discussionOptionsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const present = async (viewer: Viewer, discussionID: number): Promise<Discussion> => {
    const { row, tree } = await getViewableDiscussion(context, viewer, discussionID);
    const [discussion] = await context.recordExtenders.extend(
      "discussion",
      [await presentDiscussion(context.db, viewer, tree, row, {})],
      (item) => item.discussionID,
      viewer,
      context,
    );
    if (!discussion) throw new Error("The discussion went missing.");
    return discussion;
  };

  routes.put(
    "/discussions/:id/dismiss",
    {
      schema: {
        params: DiscussionIDParamsSchema,
        body: DismissBodySchema,
        response: { 200: DismissResultSchema },
      },
    },
    async (request) => ({
      dismissed: await setDismissed(
        context,
        request.viewer,
        request.params.id,
        request.body.dismissed ?? true,
      ),
    }),
  );

  routes.put(
    "/discussions/:id/mute",
    {
      schema: { params: DiscussionIDParamsSchema, body: MuteBodySchema, response: { 200: MuteBodySchema } },
    },
    async (request) => ({
      muted: await setMuted(context, request.viewer, request.params.id, request.body.muted),
    }),
  );

  routes.patch(
    "/discussions/:id/bump",
    { schema: { params: DiscussionIDParamsSchema, response: { 200: DiscussionSchema } } },
    async (request) => {
      await bumpDiscussion(context, request.viewer, request.params.id);
      return present(request.viewer, request.params.id);
    },
  );

  routes.put(
    "/discussions/:id/type",
    {
      schema: {
        params: DiscussionIDParamsSchema,
        body: DiscussionTypeBodySchema,
        response: { 200: DiscussionSchema },
      },
    },
    async (request) => {
      await changeDiscussionType(context, request.viewer, request.params.id, request.body);
      return present(request.viewer, request.params.id);
    },
  );
}
