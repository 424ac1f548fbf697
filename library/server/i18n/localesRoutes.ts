import {
  CurrentLocaleSchema,
  LOCALE_COOKIE,
  LocaleParamsSchema,
  LocalePatchBodySchema,
  LocaleSchema,
  LocaleTranslationsParamsSchema,
  LocaleTranslationsQuerySchema,
  LocaleTranslationsSchema,
} from "@forum/api/locales";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app/appContext";
import { noteChanged } from "../cache/cacheRequests";
import { NotFoundError, ValidationError } from "../errors/httpErrors";
import { typedRoutes } from "../http/typeBoxProvider";
import { enabledLocales, findEnabledLocale } from "./localeRegistry";
import { patchLocaleOptions } from "./localeOptions";
import { presentLocale } from "./localePresenter";
import { storeLocaleChoice } from "./readerLocale";
import { translationsOf } from "./translate";
import { checkTranslationService } from "./translationServiceTypes";

/** A year: the language choice outlives the session. */
const COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** API.md 22: the site's languages, their configuration, their UI strings, and the reader's own choice. */
export function localesRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get("/locales", { schema: { response: { 200: Type.Array(LocaleSchema) } } }, async () =>
    enabledLocales(context).map((locale) => presentLocale(context, locale, false)),
  );

  routes.get("/locales/current", { schema: { response: { 200: CurrentLocaleSchema } } }, async (request) => ({
    locale: request.locale,
  }));

  routes.put(
    "/locales/current",
    { schema: { body: CurrentLocaleSchema, response: { 200: CurrentLocaleSchema } } },
    async (request, reply) => {
      const locale = findEnabledLocale(context, request.body.locale);
      if (!locale)
        throw new ValidationError([
          { field: "locale", code: "invalid", message: request.t("This language is not offered.") },
        ]);
      const { viewer } = request;
      if (!viewer.isGuest) {
        await storeLocaleChoice(context, viewer.userID, locale.localeKey);
        noteChanged(request, `member:${viewer.userID}`);
      } else noteChanged(request);
      void reply.setCookie(LOCALE_COOKIE, locale.localeKey, {
        path: context.settings.peek<string>("garden.cookie.path") || "/",
        sameSite: "lax",
        maxAge: COOKIE_SECONDS,
      });
      return { locale: locale.localeKey };
    },
  );

  routes.get(
    "/locales/translations/:locale",
    {
      schema: {
        params: LocaleTranslationsParamsSchema,
        querystring: LocaleTranslationsQuerySchema,
        response: { 200: LocaleTranslationsSchema },
      },
    },
    async (request, reply) => {
      const locale = findEnabledLocale(context, request.params.locale);
      if (!locale) throw new NotFoundError("Locale");
      // The client asks with the catalog's version in `etag`: that address never changes its answer.
      if (request.query.etag) void reply.header("Cache-Control", "public, max-age=31536000, immutable");
      return translationsOf(locale.localeKey);
    },
  );

  routes.get(
    "/locales/:localeID",
    { schema: { params: LocaleParamsSchema, response: { 200: LocaleSchema } } },
    async (request) => {
      request.viewer.require("site.manage");
      const locale = findEnabledLocale(context, request.params.localeID);
      if (!locale) throw new NotFoundError("Locale");
      return presentLocale(context, locale, true);
    },
  );

  routes.patch(
    "/locales/:localeID",
    { schema: { params: LocaleParamsSchema, body: LocalePatchBodySchema, response: { 200: LocaleSchema } } },
    async (request) => {
      request.viewer.require("site.manage");
      const locale = findEnabledLocale(context, request.params.localeID);
      if (!locale) throw new NotFoundError("Locale");
      const service = request.body.translationService;
      if (service !== undefined && service !== null) await checkTranslationService(context, service);
      await patchLocaleOptions(context, locale.localeKey, request.body, request.viewer.userID);
      noteChanged(request, "settings");
      return presentLocale(context, locale, true);
    },
  );
}
