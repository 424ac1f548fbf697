import { Type } from "@sinclair/typebox";
import {
  NotificationGetQuerySchema,
  NotificationIDParamsSchema,
  NotificationListQuerySchema,
  NotificationPreferencesPatchSchema,
  NotificationPreferencesSchema,
  NotificationReadBodySchema,
  NotificationSchema,
  NOTIFICATIONS_DEFAULT_LIMIT,
  type Notification,
} from "@forum/api/notifications";
import type { AppContext } from "@library/server/app/appContext";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import {
  getNotificationPreferences,
  patchNotificationPreferences,
} from "@library/server/notifications/notificationPreferences";
import {
  getOwnNotification,
  listNotifications,
  markAllNotificationsRead,
} from "@library/server/notifications/notificationsQueries";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { listNotificationGroups, markNotificationLineRead } from "./notificationGroups";
import { presentNotificationGroups, presentNotifications } from "./notificationsPresenter";

/** Notifications of the session user (API.md 13) and their delivery preferences (DECISION). */
export function notificationsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  const present = async (
    viewer: Viewer,
    row: Parameters<typeof presentNotifications>[2][number],
  ): Promise<Notification> => {
    const [notification] = await presentNotifications(context.db, viewer, [row]);
    if (!notification) throw new Error("A presented notification went missing.");
    return notification;
  };

  /** Marks one read and tells the member's open streams that the counts changed. */
  const markRead = async (viewer: Viewer, id: number) => {
    viewer.require("session.valid");
    const row = await markNotificationLineRead(context.db, viewer.userID, id);
    await context.live.publish({ type: "counts", userID: viewer.userID });
    return present(viewer, row);
  };

  routes.get(
    "/notifications",
    {
      schema: { querystring: NotificationListQuerySchema, response: { 200: Type.Array(NotificationSchema) } },
    },
    async (request, reply) => {
      const { viewer, query } = request;
      viewer.require("session.valid");
      const page = query.page ?? 1;
      const limit = query.limit ?? NOTIFICATIONS_DEFAULT_LIMIT;
      if (query.shouldBatch === false) {
        const rows = await listNotifications(context.db, viewer.userID, page, limit);
        setPagingHeaders(request, reply, { page, limit, count: rows.length }, context.config.siteUrl);
        return presentNotifications(context.db, viewer, rows, query.expand ?? []);
      }
      const groups = await listNotificationGroups(context.db, viewer.userID, { page, limit, filter: "all" });
      setPagingHeaders(request, reply, { page, limit, count: groups.length }, context.config.siteUrl);
      return presentNotificationGroups(context.db, viewer, groups, request.t, query.expand ?? []);
    },
  );

  routes.get(
    "/notifications/preferences",
    { schema: { response: { 200: NotificationPreferencesSchema } } },
    async (request) => {
      request.viewer.require("session.valid");
      return getNotificationPreferences(context.db, request.viewer.userID);
    },
  );

  routes.patch(
    "/notifications/preferences",
    {
      schema: { body: NotificationPreferencesPatchSchema, response: { 200: NotificationPreferencesSchema } },
    },
    async (request) => {
      request.viewer.require("session.valid");
      return patchNotificationPreferences(context.db, request.viewer.userID, request.body);
    },
  );

  routes.get(
    "/notifications/:id",
    {
      schema: {
        params: NotificationIDParamsSchema,
        querystring: NotificationGetQuerySchema,
        response: { 200: NotificationSchema },
      },
    },
    async (request) => {
      const { viewer } = request;
      viewer.require("session.valid");
      const row = await getOwnNotification(context.db, viewer.userID, request.params.id);
      const [notification] = await presentNotifications(
        context.db,
        viewer,
        [row],
        request.query.expand ?? [],
      );
      if (!notification) throw new Error("A presented notification went missing.");
      return notification;
    },
  );

  routes.patch(
    "/notifications/:id",
    {
      schema: {
        params: NotificationIDParamsSchema,
        body: NotificationReadBodySchema,
        response: { 200: NotificationSchema },
      },
    },
    async (request) => markRead(request.viewer, request.params.id),
  );

  // The alias needs no body: the path already says "read".
  routes.put(
    "/notifications/:id/read",
    { schema: { params: NotificationIDParamsSchema, response: { 200: NotificationSchema } } },
    async (request) => markRead(request.viewer, request.params.id),
  );

  routes.patch(
    "/notifications",
    { schema: { body: NotificationReadBodySchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      const { viewer } = request;
      viewer.require("session.valid");
      await markAllNotificationsRead(context.db, viewer.userID);
      await context.live.publish({ type: "counts", userID: viewer.userID });
      return reply.status(204).send();
    },
  );
}
