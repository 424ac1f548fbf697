import { defineAddon } from "@library/server/addons/defineAddon";
import type { FastifyInstance } from "fastify";
import { attachmentRoutes } from "./attachments/attachmentRoutes";
import { registerAttachmentWidgets } from "./attachments/attachmentWidgets";
import { attachmentsMigrations } from "./migrations/attachmentsMigrations";
import "./tables";

/**
 * Attachments (API.md 24, SPEC 3): records of other services (tickets, issues) attached to discussions and
 * comments by integrations that other add-ons register (`attachmentIntegrations(context).add`). It names no
 * integration: it serves the catalog, each integration's form, creation and refresh, shows the cards under the
 * post and the integrations' actions in Discussion Options. Disabling it removes all that; attachments stay.
 */
export const attachmentsAddon = defineAddon({
  key: "attachments",
  migrations: attachmentsMigrations,
  register(registrar, context) {
    registrar.apiRoutes(async (api) => {
      await api.register(async (scope: FastifyInstance) => attachmentRoutes(scope, context));
    });
    registerAttachmentWidgets(registrar);
  },
});
