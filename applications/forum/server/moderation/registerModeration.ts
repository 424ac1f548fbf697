import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import type { FastifyInstance } from "fastify";
import { reportsRoutes } from "../reports/reportsRoutes";
import { awaitingApprovalPageRoutes } from "./awaitingApprovalPage";
import { moderationRoutes } from "./moderationRoutes";
import { defineModeratorNotificationJob } from "./moderationNotify";
import { registerReviewEntry } from "./reviewEntry";
import "./moderationSettings";

/** `/api/v2` routes of reports and the moderation queue. */
function registerModerationApi(api: FastifyInstance, context: AppContext): void {
  reportsRoutes(api, context);
  moderationRoutes(api, context);
}

/** Reports and the moderation queue: routes, the moderators' job and Review entry, the author's page. */
export function registerModeration(registrar: AddonRegistrar): void {
  registrar.apiRoutes(registerModerationApi);
  registrar.extend((context, owner) => defineModeratorNotificationJob(context, owner));
  registrar.pageRoutes(awaitingApprovalPageRoutes);
  registerReviewEntry(registrar);
}
