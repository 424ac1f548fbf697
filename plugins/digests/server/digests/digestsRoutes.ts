import {
  DigestPreferencesPatchSchema,
  DigestPreferencesSchema,
  DigestPreviewSchema,
  type DigestPreferences,
} from "@plugins/digests/api/digestsApi";
import type { AppContext } from "@library/server/app/appContext";
import { ClientError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { digestChoiceOf, setDigestChoice } from "./digestMembers";
import { previewPeriod } from "./digestPeriods";
import { sendDigestPreview } from "./digestSend";
import { siteDigestSettings } from "./digestSettings";

async function preferencesOf(context: AppContext, userID: number): Promise<DigestPreferences> {
  const [frequency, settings] = await Promise.all([
    digestChoiceOf(context.db, userID),
    siteDigestSettings(context),
  ]);
  return { frequency, siteFrequency: settings.frequency };
}

/**
 * `GET/PATCH /digests/preferences` (the signed-in member's frequency) and `POST /digests/preview` (a manager
 * sends themselves the digest of the period ending now).
 */
export function digestsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/digests/preferences",
    { schema: { response: { 200: DigestPreferencesSchema } } },
    async (request) => {
      request.viewer.require("session.valid");
      return preferencesOf(context, request.viewer.userID);
    },
  );

  routes.patch(
    "/digests/preferences",
    { schema: { body: DigestPreferencesPatchSchema, response: { 200: DigestPreferencesSchema } } },
    async (request) => {
      request.viewer.require("session.valid");
      await context.db
        .transaction()
        .execute((trx) => setDigestChoice(trx, request.viewer.userID, request.body.frequency));
      return preferencesOf(context, request.viewer.userID);
    },
  );

  routes.post(
    "/digests/preview",
    { schema: { response: { 201: DigestPreviewSchema } } },
    async (request, reply) => {
      const { viewer } = request;
      viewer.require("community.manage");
      const settings = await siteDigestSettings(context);
      const frequency = settings.frequency === "weekly" ? "weekly" : "daily";
      const sent = await sendDigestPreview(context, viewer, previewPeriod(Date.now(), frequency));
      if (!sent)
        throw new ClientError(request.t("Your account has no email address to send the preview to."));
      return reply.code(201).send(sent);
    },
  );
}
