import type { AppContext } from "@library/server/app/appContext";
import type { FastifyInstance } from "fastify";
import { taggingEnabled } from "./tagNames";
import { tagsOfDiscussion } from "./tagQueries";
import { tagsRoutes } from "./tagsRoutes";

/** Tags: the `/api/v2` routes of API.md 10 and 7.12, and the tag links beside a discussion's author and date. */
export function registerTags(api: FastifyInstance, context: AppContext): void {
  tagsRoutes(api, context);
  context.pageSlots.add(
    "discussion.meta",
    {
      component: "PostTags",
      props: async ({ discussion }) => {
        if (!taggingEnabled(context)) return null;
        const tags = await tagsOfDiscussion(context.db, discussion.discussionID);
        return tags.length > 0 ? { tags } : null;
      },
      sort: 50,
    },
    "forum",
  );
}
