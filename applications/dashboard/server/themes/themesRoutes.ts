import {
  ColorSchemeBodySchema,
  ThemeCurrentBodySchema,
  ThemeKeyParamsSchema,
  ThemePatchBodySchema,
  ThemePostBodySchema,
  ThemePreviewBodySchema,
  ThemeQuerySchema,
  ThemeRevisionsQuerySchema,
  ThemeSchema,
} from "@forum/api/themes";
import type { AppContext } from "@library/server/app/appContext";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { COLOR_SCHEME_COOKIE, saveMemberColorScheme } from "./colorSchemes";
import { currentTheme, currentThemeWithHit } from "./currentTheme";
import { expandedAssets } from "./themeAssets";
import { createTheme, deleteTheme, patchTheme, setCurrentTheme } from "./themeCommands";
import { presentRevision, presentTheme } from "./themePresenter";
import { setPreviewCookie } from "./themePreview";
import { getTheme, listThemeRevisions, listThemes, storedThemeID } from "./themeQueries";

const ALL = expandedAssets("all");
/** API.md 19: whether a theme read was answered from the server's memory. */
const CACHE_HIT_HEADER = "X-App-Cache-Hit";

/** Themes (API.md 19): read by anyone; created, edited, applied, previewed and deleted by site managers. */
export function themesRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const currentKey = async () => String((await currentTheme(context)).theme?.themeID ?? "");

  routes.get(
    "/themes",
    { schema: { querystring: ThemeQuerySchema, response: { 200: Type.Array(ThemeSchema) } } },
    async (request, reply) => {
      void reply.header(CACHE_HIT_HEADER, "0");
      const [themes, key] = await Promise.all([listThemes(context, context.db), currentKey()]);
      const expand = expandedAssets(request.query.expand);
      return themes.map((theme) => presentTheme(theme, key, expand));
    },
  );

  routes.get("/themes/current", { schema: { response: { 200: ThemeSchema } } }, async (_request, reply) => {
    const { applied, hit } = await currentThemeWithHit(context);
    if (!applied.theme) throw new NotFoundError("Theme");
    void reply.header(CACHE_HIT_HEADER, hit ? "1" : "0");
    return presentTheme(applied.theme, String(applied.theme.themeID), ALL);
  });

  routes.get(
    "/themes/:themeKey",
    {
      schema: { params: ThemeKeyParamsSchema, querystring: ThemeQuerySchema, response: { 200: ThemeSchema } },
    },
    async (request, reply) => {
      // The current theme (at its active revision) is answered from memory, as every page reads it.
      const { applied, hit } = await currentThemeWithHit(context);
      const current = applied.theme;
      const fromMemory =
        !request.query.revisionID &&
        current !== undefined &&
        String(current.themeID) === request.params.themeKey;
      const theme = fromMemory
        ? current
        : await getTheme(context, context.db, request.params.themeKey, request.query.revisionID);
      if (!theme) throw new NotFoundError("Theme");
      void reply.header(CACHE_HIT_HEADER, fromMemory && hit ? "1" : "0");
      return presentTheme(theme, String(current?.themeID ?? ""), expandedAssets(request.query.expand));
    },
  );

  routes.get(
    "/themes/:themeKey/revisions",
    {
      schema: {
        params: ThemeKeyParamsSchema,
        querystring: ThemeRevisionsQuerySchema,
        response: { 200: Type.Array(ThemeSchema) },
      },
    },
    async (request) => {
      const theme = await getTheme(context, context.db, request.params.themeKey);
      if (!theme) throw new NotFoundError("Theme");
      const id = storedThemeID(theme.themeID);
      if (id === null) return [];
      const { page = 1, limit = 100 } = request.query;
      const [revisions, key] = await Promise.all([
        listThemeRevisions(context.db, id, page, limit),
        currentKey(),
      ]);
      return revisions.map((revision) => presentRevision(theme, revision, key));
    },
  );

  routes.post(
    "/themes",
    { schema: { body: ThemePostBodySchema, response: { 201: ThemeSchema } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      const theme = await createTheme(context, request.body, request.viewer.userID);
      noteChanged(request, recordNames.themes);
      return reply.code(201).send(presentTheme(theme, await currentKey(), ALL));
    },
  );

  routes.patch(
    "/themes/:themeKey",
    { schema: { params: ThemeKeyParamsSchema, body: ThemePatchBodySchema, response: { 200: ThemeSchema } } },
    async (request) => {
      request.viewer.require("site.manage");
      const theme = await patchTheme(context, request.params.themeKey, request.body, request.viewer.userID);
      noteChanged(request, recordNames.themes);
      return presentTheme(theme, await currentKey(), ALL);
    },
  );

  routes.delete("/themes/:themeKey", { schema: { params: ThemeKeyParamsSchema } }, async (request, reply) => {
    request.viewer.require("site.manage");
    await deleteTheme(context, request.params.themeKey);
    noteChanged(request, recordNames.themes);
    return reply.code(204).send();
  });

  routes.put(
    "/themes/current",
    { schema: { body: ThemeCurrentBodySchema, response: { 200: ThemeSchema } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      const theme = await setCurrentTheme(context, request.body.themeID, request.viewer.userID);
      noteChanged(request, recordNames.themes, recordNames.settings);
      // Applying ends this manager's preview.
      setPreviewCookie(context, request, reply, null);
      return presentTheme(theme, String(theme.themeID), ALL);
    },
  );

  routes.put(
    "/themes/preview",
    { schema: { body: ThemePreviewBodySchema, response: { 200: ThemeSchema } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      // Only this manager's pages change.
      noteChanged(request, recordNames.member(request.viewer.userID));
      const { themeID, revisionID } = request.body;
      const key = await currentKey();
      if (themeID === undefined || themeID === null || themeID === "") {
        setPreviewCookie(context, request, reply, null);
        const { theme } = await currentTheme(context);
        if (!theme) throw new NotFoundError("Theme");
        return presentTheme(theme, key, ALL);
      }
      const theme = await getTheme(context, context.db, themeID, revisionID ?? undefined);
      if (!theme) throw new NotFoundError("Theme");
      setPreviewCookie(context, request, reply, {
        themeID: String(theme.themeID),
        ...(revisionID ? { revisionID } : {}),
      });
      return presentTheme(theme, key, ALL);
    },
  );

  routes.put(
    "/themes/color-scheme",
    { schema: { body: ColorSchemeBodySchema, response: { 200: ColorSchemeBodySchema } } },
    async (request, reply) => {
      const { colorScheme } = request.body;
      if (request.viewer.isGuest) {
        void reply.setCookie(COLOR_SCHEME_COOKIE, colorScheme, {
          path: context.settings.peek<string>("garden.cookie.path"),
          sameSite: "lax",
          maxAge: 365 * 24 * 3600,
        });
        noteChanged(request, recordNames.member(0));
      } else {
        await saveMemberColorScheme(context, request.viewer, colorScheme);
        noteChanged(request, recordNames.member(request.viewer.userID));
      }
      return { colorScheme };
    },
  );
}
