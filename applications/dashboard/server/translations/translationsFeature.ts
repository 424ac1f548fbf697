import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import type { DashboardSectionDeclaration } from "@library/server/dashboard/dashboardSections";
import { provideTranslationServiceTypes } from "@library/server/i18n/translationServiceTypes";
import { machineTranslationServices } from "@library/server/translations/machineTranslation";
import type { FastifyInstance } from "fastify";
import { glossaryTranslationService } from "./glossaryTranslationService";
import { libreTranslateService } from "./libreTranslateService";
import { translationServicesRoutes } from "./translationServicesRoutes";
import { translationsRoutes } from "./translationsRoutes";

/** Dashboard › Settings › Translation Services: configure the machine translation services. */
export const TRANSLATION_SERVICES_SECTION: DashboardSectionDeclaration = {
  key: "translationServices",
  path: "translation-services",
  label: "Translation Services",
  group: "Settings",
  component: "TranslationServicesSection",
  permission: "site.manage",
  sort: 26,
};

/** The translations API (API.md 22, 23). */
export function translationsApi(api: FastifyInstance, context: AppContext): void {
  translationsRoutes(api, context);
  translationServicesRoutes(api, context);
}

/** The built-in machine translation services and the dashboard section that configures them. */
export function registerTranslations(registrar: AddonRegistrar): void {
  registrar.translationService(glossaryTranslationService);
  registrar.translationService(libreTranslateService);
  registrar.dashboardSection(TRANSLATION_SERVICES_SECTION);
  // A locale's `translationService` (PATCH /locales/{id}) names one of the services offered now.
  registrar.extend(() =>
    provideTranslationServiceTypes((context) =>
      machineTranslationServices(context)
        .list()
        .map((service) => service.type),
    ),
  );
}
