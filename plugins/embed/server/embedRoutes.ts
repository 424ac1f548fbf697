import type { AppContext } from "@library/server/app/appContext";
import { ValidationError } from "@library/server/errors/httpErrors";
import { siteOrigin } from "@library/server/http/pagination";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import {
  EmbedSettingsPatchSchema,
  EmbedSettingsSchema,
  EmbedThreadBodySchema,
  EmbedThreadSchema,
  type EmbedSettings,
} from "../api/embedApi";
import { EMBED_QUERY } from "../api/embedMessages";
import { embedLoaderScript } from "./embedScripts";
import {
  ALLOWED_DOMAINS_SETTING,
  allowedOrigins,
  COMMENTS_CATEGORY_SETTING,
  commentsCategoryID,
} from "./embedSettings";
import { embedRequester, embedThread } from "./threads/embedThreads";

/** Who may change where the forum is embedded: the add-on's permission, or the community's managers. */
export const MANAGE_PERMISSIONS = ["embed.manage", "community.manage"] as const;

/** The discussion's page inside the frame. */
export function embedDiscussionPath(discussionID: number): string {
  return `/discussion/${discussionID}?${EMBED_QUERY}=1`;
}

/**
 * `GET/PATCH /embed/settings` (embed.manage or community.manage): the allowed domains, the blog-comments category
 * and the loader to paste; `POST /embed/threads` (anyone, from an allowed domain's page): the discussion of an
 * embedded page, created on its first view.
 */
export function embedRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  const readSettings = async (origin: string, t: (text: string) => string): Promise<EmbedSettings> => {
    await context.settings.get(ALLOWED_DOMAINS_SETTING);
    return {
      allowedDomains: allowedOrigins(context.settings),
      commentsCategoryID: commentsCategoryID(context.settings),
      loaderScript: embedLoaderScript(origin, t),
    };
  };

  routes.get("/embed/settings", { schema: { response: { 200: EmbedSettingsSchema } } }, async (request) => {
    request.viewer.require(MANAGE_PERMISSIONS);
    return readSettings(siteOrigin(request, context.config.siteUrl), request.t);
  });

  routes.patch(
    "/embed/settings",
    { schema: { body: EmbedSettingsPatchSchema, response: { 200: EmbedSettingsSchema } } },
    async (request) => {
      request.viewer.require(MANAGE_PERMISSIONS);
      const { allowedDomains, commentsCategoryID: categoryID } = request.body;
      const values: Record<string, unknown> = {};
      if (allowedDomains !== undefined)
        values[ALLOWED_DOMAINS_SETTING] = [...new Set(allowedDomains)].join(" ");
      await context.db.transaction().execute(async (trx) => {
        if (categoryID !== undefined && categoryID !== null) {
          const category = await trx
            .selectFrom("categories")
            .select(["categoryID", "displayAs"])
            .where("categoryID", "=", categoryID)
            .executeTakeFirst();
          if (!category) throw ValidationError.field("commentsCategoryID", "The category does not exist.");
          if (category.displayAs === "categories" || category.displayAs === "heading")
            throw ValidationError.field("commentsCategoryID", "This category does not accept discussions.");
        }
        if (categoryID !== undefined) values[COMMENTS_CATEGORY_SETTING] = categoryID;
        await context.settings.write(trx, values, request.viewer.userID);
      });
      await context.settings.refresh();
      return readSettings(siteOrigin(request, context.config.siteUrl), request.t);
    },
  );

  routes.post(
    "/embed/threads",
    { schema: { body: EmbedThreadBodySchema, response: { 200: EmbedThreadSchema, 201: EmbedThreadSchema } } },
    async (request, reply) => {
      await context.settings.get(ALLOWED_DOMAINS_SETTING);
      const thread = await embedThread(context, request.body, embedRequester(request));
      return reply
        .code(thread.created ? 201 : 200)
        .send({ ...thread, embedUrl: embedDiscussionPath(thread.discussionID) });
    },
  );
}
