import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import {
  AnalyticsPrivacySchema,
  AnalyticsReportQuerySchema,
  AnalyticsReportSchema,
  TickBodySchema,
  TickResponseSchema,
} from "../api/analyticsApi";
import { isAnonymized, memberChoice, setMemberChoice } from "./privacy/analyticsPrivacy";
import { analyticsReport } from "./reports/analyticsReport";
import { analyticsBufferOf } from "./tick/analyticsBuffer";
import { bufferedEventOf, checkTick, isBot } from "./tick/tickEvents";

/** Who may read the reports: the add-on's permission, or the site's managers. */
export const REPORT_PERMISSIONS = ["analytics.view", "site.manage"] as const;

/**
 * `POST /tick` (anyone; buffered, never written on the request path), `GET/POST /analytics/privacy` (members)
 * and `GET /analytics/report` (analytics.view or site.manage) for the dashboard.
 */
export function analyticsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const buffer = analyticsBufferOf(context);
  api.addHook("onClose", () => buffer.flush());

  routes.post(
    "/tick",
    { schema: { body: TickBodySchema, response: { 201: TickResponseSchema } } },
    async (request, reply) => {
      checkTick(request.body);
      if (isBot(request.headers["user-agent"]))
        return reply.code(201).send({ didTrack: false, message: "Bot request" });
      const viewer = request.viewer;
      const anonymous = await isAnonymized(context, viewer, request);
      const sender = anonymous
        ? { userID: null, ipAddress: null }
        : { userID: viewer.isGuest ? null : viewer.userID, ipAddress: request.ip };
      buffer.add(bufferedEventOf(request.body, sender, nowIso()));
      return reply.code(201).send({ didTrack: true });
    },
  );

  routes.get(
    "/analytics/privacy",
    { schema: { response: { 200: AnalyticsPrivacySchema } } },
    async (request) => {
      request.viewer.require("session.valid");
      return { AnonymizeData: await memberChoice(context, request.viewer.userID) };
    },
  );

  routes.post(
    "/analytics/privacy",
    { schema: { body: AnalyticsPrivacySchema, response: { 200: AnalyticsPrivacySchema } } },
    async (request) => {
      request.viewer.require("session.valid");
      await setMemberChoice(context, request.viewer.userID, request.body.AnonymizeData);
      return { AnonymizeData: request.body.AnonymizeData };
    },
  );

  routes.get(
    "/analytics/report",
    { schema: { querystring: AnalyticsReportQuerySchema, response: { 200: AnalyticsReportSchema } } },
    async (request) => {
      request.viewer.require(REPORT_PERMISSIONS);
      return analyticsReport(context, request.query);
    },
  );
}
