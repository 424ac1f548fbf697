import {
  NavigationEditSchema,
  NavigationItemListSchema,
  NavigationLocaleQuerySchema,
  NavigationPutBodySchema,
  NavigationQuerySchema,
  TitleBarConfigPatchSchema,
  TitleBarConfigSchema,
} from "@forum/api/navigation";
import type { AppContext } from "@library/server/app/appContext";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { translatorFor } from "@library/server/i18n/translate";
import { builtInNavigation } from "@library/server/pages/titleBarNavigation";
import type { FastifyInstance } from "fastify";
import { patchTitleBarConfig, resetNavigation, saveNavigation, storedNavigation } from "./navigationStore";
import { navigationForLocale, TitleBarNavigationCache } from "./titleBarNavigationSource";

/**
 * The title bar's navigation and config (issue 25): `GET /navigation` is what the caller sees; the editor reads
 * a locale's stored items with `GET /navigation/edit`, replaces them with `PUT /navigation` and goes back to the
 * built-in entries with `DELETE /navigation`; `GET|PATCH /title-bar` is the bar's look (SPEC 3).
 */
export function navigationRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const source = new TitleBarNavigationCache(context);
  context.titleBarItems.useNavigation(source);
  const siteLocale = () => context.settings.peek<string>("garden.locale");

  routes.get(
    "/navigation",
    { schema: { querystring: NavigationQuerySchema, response: { 200: NavigationItemListSchema } } },
    async (request) => {
      // Without a locale asked for, the reader's own (their stored choice, their cookie, else the site's).
      const locale = request.query.locale ?? request.locale;
      return source.navigation(request.viewer, locale, translatorFor(locale));
    },
  );

  routes.get(
    "/navigation/edit",
    { schema: { querystring: NavigationLocaleQuerySchema, response: { 200: NavigationEditSchema } } },
    async (request) => {
      request.viewer.require("site.manage");
      const { locale } = request.query;
      const stored = await storedNavigation(context);
      const shown = navigationForLocale(stored, locale, siteLocale(), () =>
        builtInNavigation(context.settings, translatorFor(locale)),
      );
      return { locale, ...shown };
    },
  );

  routes.put(
    "/navigation",
    { schema: { body: NavigationPutBodySchema, response: { 200: NavigationEditSchema } } },
    async (request) => {
      request.viewer.require("site.manage");
      const { locale, items } = request.body;
      const saved = await saveNavigation(context, locale, items, request.viewer.userID);
      noteChanged(request, recordNames.settings);
      return { locale, items: saved, isCustom: true };
    },
  );

  routes.delete(
    "/navigation",
    { schema: { querystring: NavigationLocaleQuerySchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      await resetNavigation(context, request.query.locale, request.viewer.userID);
      noteChanged(request, recordNames.settings);
      return reply.code(204).send();
    },
  );

  routes.get("/title-bar", { schema: { response: { 200: TitleBarConfigSchema } } }, async () => {
    await context.settings.get("titleBar.config");
    return source.config();
  });

  routes.patch(
    "/title-bar",
    { schema: { body: TitleBarConfigPatchSchema, response: { 200: TitleBarConfigSchema } } },
    async (request) => {
      request.viewer.require("site.manage");
      const saved = await patchTitleBarConfig(context, request.body, request.viewer.userID);
      noteChanged(request, recordNames.settings);
      return saved;
    },
  );
}
