import type { AppContext } from "@library/server/app/appContext";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { nowIso } from "@library/server/http/dates";
import { lightBudgetFromSetting } from "@library/server/http/lightBudget";
import { checkLightRequest, lightRequestCookie, lightRequestMember } from "@library/server/http/lightRoutes";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import {
  AnalyticsPrivacySchema,
  AnalyticsReportQuerySchema,
  AnalyticsReportSchema,
  TickBodySchema,
  TickResponseSchema,
} from "../api/analyticsApi";
import { anonymizeCookieName, isAnonymized, memberChoice, setMemberChoice } from "./privacy/analyticsPrivacy";
import { analyticsReport } from "./reports/analyticsReport";
import { analyticsBufferOf } from "./tick/analyticsBuffer";
import { bufferedEventOf, checkTick, isBot } from "./tick/tickEvents";

/**
 * The events one address may send `POST /tick` a minute (each server process counts its own). A reader sends a
 * few a minute; many readers behind one address (an office, a carrier's NAT) stay far below it, while a script
 * inventing page views is stopped at 10 a second.
 */
export const TICK_BUDGET_SETTING = "analytics.ticksPerMinute";
export const TICK_BUDGET_DEFAULT = 600;

/** Who may read the reports: the add-on's permission, or the site's managers. */
export const REPORT_PERMISSIONS = ["analytics.view", "site.manage"] as const;

/**
 * `POST /tick` (anyone; buffered, never written on the request path), `GET/POST /analytics/privacy` (members)
 * and `GET /analytics/report` (analytics.view or site.manage) for the dashboard.
 *
 * A tick is sent with every page view, so it is a light route: none of the platform's per-request work (viewer,
 * roles, language, caches, compression), only the CSRF rule of every API write, then the session's member
 * through the session cache, their privacy choice (cached until they change it) or the guest's cookie. Its rate
 * limit is a budget of events per address a minute, in memory (`TICK_BUDGET_SETTING`).
 */
export function analyticsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const buffer = analyticsBufferOf(context);
  api.addHook("onClose", () => buffer.flush());

  routes.post(
    "/tick",
    {
      // A tick carries one event: each request spends one of its address's budget.
      config: { light: true, lightBudget: lightBudgetFromSetting(context, TICK_BUDGET_SETTING) },
      onRequest: checkLightRequest(context),
      schema: { body: TickBodySchema, response: { 201: TickResponseSchema } },
    },
    async (request, reply) => {
      // Buffered events are no cached record: a tick retires no cache here or elsewhere.
      noteChanged(request);
      checkTick(request.body);
      if (isBot(request.headers["user-agent"]))
        return reply.code(201).send({ didTrack: false, message: "Bot request" });
      const member = await lightRequestMember(context, request);
      const userID = member && !member.isGuest ? member.userID : null;
      const guestCookie =
        userID === null ? lightRequestCookie(request, anonymizeCookieName(context)) : undefined;
      const sender = (await isAnonymized(context, userID, guestCookie))
        ? { userID: null, ipAddress: null }
        : { userID, ipAddress: request.ip };
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
      // Only this member's ticks change: the choice caches retire here and in every other process.
      noteChanged(request, recordNames.member(request.viewer.userID));
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
