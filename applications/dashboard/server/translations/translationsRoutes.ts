import {
  TranslationListQuerySchema,
  TranslationPatchBodySchema,
  TranslationRemoveBodySchema,
  TranslationResourceParamsSchema,
  TranslationSchema,
} from "@forum/api/translations";
import type { AppContext } from "@library/server/app/appContext";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { translationLocales } from "@library/server/translations/contentLocales";
import {
  checkTargets,
  listTranslations,
  removeTranslations,
  saveTranslations,
} from "@library/server/translations/translationsStore";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";

/** API.md 23: who may read and write translations (the client shows the translator to site.manage only). */
export const TRANSLATIONS_PERMISSION = "community.moderate";

/** Content translations (API.md 23): list, save and remove, per resource. */
export function translationsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/translations/:resource",
    {
      schema: {
        params: TranslationResourceParamsSchema,
        querystring: TranslationListQuerySchema,
        response: { 200: Type.Array(TranslationSchema) },
      },
    },
    async (request) => {
      request.viewer.require(TRANSLATIONS_PERMISSION);
      return listTranslations(context.db, request.params.resource, request.query);
    },
  );

  routes.patch(
    "/translations/:resource",
    {
      schema: {
        params: TranslationResourceParamsSchema,
        body: TranslationPatchBodySchema,
        response: { 200: Type.Array(TranslationSchema) },
      },
    },
    async (request) => {
      request.viewer.require(TRANSLATIONS_PERMISSION);
      const items = checkTargets(request.body, translationLocales(context));
      // Named nothing: the write publishes `content`, so every page showing a translated name is made again.
      return saveTranslations(context.db, request.params.resource, items);
    },
  );

  routes.patch(
    "/translations/:resource/remove",
    {
      schema: {
        params: TranslationResourceParamsSchema,
        body: TranslationRemoveBodySchema,
        response: { 200: NoBodySchema },
      },
    },
    async (request, reply) => {
      request.viewer.require(TRANSLATIONS_PERMISSION);
      const items = checkTargets(request.body, translationLocales(context));
      await removeTranslations(context.db, request.params.resource, items);
      return reply.status(200).send();
    },
  );
}
