import {
  SiteSettingsGroupKeySchema,
  SiteSettingsGroupSchema,
  TestEmailBodySchema,
  TestEmailResultSchema,
} from "@forum/api/siteSettings";
import type { AppContext } from "@library/server/app/appContext";
import { ClientError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { siteSettingsGroup } from "./siteSettingsFields";

/** Who opens the settings screens: the fields on each are then those the viewer may write. */
const SETTINGS_PERMISSIONS = ["site.manage", "community.manage"];

/** The site settings screens (their values are read and saved through `/config`) and the test email. */
export function siteSettingsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/dashboard/settings/:group",
    {
      schema: {
        params: Type.Object({ group: SiteSettingsGroupKeySchema }),
        response: { 200: SiteSettingsGroupSchema },
      },
    },
    async (request) => {
      request.viewer.require(SETTINGS_PERMISSIONS);
      return siteSettingsGroup(context, request.viewer, request.params.group, request.t);
    },
  );

  routes.post(
    "/dashboard/settings/test-email",
    { schema: { body: TestEmailBodySchema, response: { 201: TestEmailResultSchema } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      const me = await context.db
        .selectFrom("users")
        .select("email")
        .where("userID", "=", request.viewer.userID)
        .executeTakeFirst();
      const to = request.body.to ?? me?.email ?? "";
      if (!to) throw new ClientError(request.t("Your account has no email address to send the test to."));
      const title = await context.settings.get<string>("garden.title");
      const mailID = await context.mailer.queue(context.db, {
        to,
        subject: request.t("Test email from %s").replace("%s", title),
        text: request.t("This is a test email. If you can read it, the site can send mail."),
      });
      await context.mailer.deliver(context.db, mailID);
      const delivery = (await context.mailer.smtp()) ? "smtp" : "outbox";
      return reply.code(201).send({ mailID, to, delivery });
    },
  );
}
