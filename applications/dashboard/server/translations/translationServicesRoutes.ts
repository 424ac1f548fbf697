import {
  MachineTranslationBodySchema,
  MachineTranslationResultSchema,
  TranslationServiceConfigBodySchema,
  TranslationServiceTypeParamsSchema,
  TranslationServiceWithConfigSchema,
} from "@forum/api/translationServices";
import type { AppContext } from "@library/server/app/appContext";
import { HttpError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import {
  normalizeLocale,
  sourceLocale,
  translationLocales,
} from "@library/server/translations/contentLocales";
import {
  machineTranslationServices,
  type MachineTranslationService,
} from "@library/server/translations/machineTranslation";
import {
  presentService,
  readServiceConfigs,
  saveServiceConfig,
} from "@library/server/translations/machineTranslationConfigs";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";

const SERVICES_PERMISSION = "site.manage";

function serviceOf(context: AppContext, type: string): MachineTranslationService {
  const service = machineTranslationServices(context).get(type);
  if (!service) throw new NotFoundError("Translation service");
  return service;
}

/** Machine translation services (API.md 22): list, configure, and translate texts for the translator. */
export function translationServicesRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/translation-services",
    { schema: { response: { 200: Type.Array(TranslationServiceWithConfigSchema) } } },
    async (request) => {
      request.viewer.require(SERVICES_PERMISSION);
      const stored = await readServiceConfigs(context.db);
      return machineTranslationServices(context)
        .list()
        .map((service) => presentService(service, stored.get(service.type)));
    },
  );

  routes.put(
    "/translation-services/:type",
    {
      schema: {
        params: TranslationServiceTypeParamsSchema,
        body: TranslationServiceConfigBodySchema,
        response: { 200: TranslationServiceWithConfigSchema },
      },
    },
    async (request) => {
      request.viewer.require(SERVICES_PERMISSION);
      const service = serviceOf(context, request.params.type);
      await saveServiceConfig(context.db, service, request.body);
      const stored = await readServiceConfigs(context.db);
      return presentService(service, stored.get(service.type));
    },
  );

  routes.post(
    "/translation-services/:type/translate",
    {
      schema: {
        params: TranslationServiceTypeParamsSchema,
        body: MachineTranslationBodySchema,
        response: { 200: MachineTranslationResultSchema },
      },
    },
    async (request) => {
      request.viewer.require(SERVICES_PERMISSION);
      const service = serviceOf(context, request.params.type);
      const locale = normalizeLocale(request.body.locale);
      if (!translationLocales(context).includes(locale))
        throw ValidationError.field("locale", `Content is not translated into ${request.body.locale}.`);
      const stored = (await readServiceConfigs(context.db)).get(service.type);
      if (!stored || !service.isConfigured(stored.config))
        throw new HttpError(409, `The ${service.name} service is not configured.`);
      try {
        const translations = await service.translate(
          { texts: request.body.texts, sourceLocale: sourceLocale(), targetLocale: locale },
          stored.config,
          context,
        );
        return { translations };
      } catch (error) {
        request.log.warn({ err: error }, `Machine translation by ${service.type} failed.`);
        throw new HttpError(502, `The ${service.name} service did not translate the texts.`);
      }
    },
  );
}
