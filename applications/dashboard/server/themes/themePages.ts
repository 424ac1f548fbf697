import { ThemeAssetFileParamsSchema, themePaths } from "@forum/api/themes";
import type { AppContext } from "@library/server/app/appContext";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { assetContentType, assetOfFile, assetText } from "./themeAssets";
import { getTheme } from "./themeQueries";

/**
 * The themes folder: `/themes/{themeKey}/assets/{styles.css|javascript.js|header.html|footer.html|variables.json}`
 * (a theme or asset that does not exist is 404, which the client reads as "no assets"), and the landing after a
 * revision is restored, `/appearance/style-guides/{themeID}/revisions`, which opens the dashboard's page.
 */
export function themePages(app: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(app);
  routes.get(
    "/themes/:themeKey/assets/:file",
    {
      schema: {
        params: ThemeAssetFileParamsSchema,
        querystring: Type.Object({
          revisionID: Type.Optional(Type.Integer({ minimum: 0 })),
          v: Type.Optional(Type.String()),
        }),
      },
    },
    async (request, reply) => {
      const asset = assetOfFile(request.params.file);
      const theme = asset
        ? await getTheme(context, context.db, request.params.themeKey, request.query.revisionID || undefined)
        : undefined;
      if (!asset || !theme) return reply.code(404).type("text/plain; charset=utf-8").send("Not found.");
      return reply
        .type(`${assetContentType(asset)}; charset=utf-8`)
        .header("Cache-Control", "public, max-age=300")
        .send(assetText(theme.assets, asset));
    },
  );
  routes.get(
    "/appearance/style-guides/:themeKey/revisions",
    { schema: { params: Type.Object({ themeKey: Type.String({ minLength: 1, maxLength: 60 }) }) } },
    async (request, reply) => reply.redirect(themePaths.dashboardRevisions(request.params.themeKey), 302),
  );
}
