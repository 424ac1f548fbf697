import { defineAddon } from "@library/server/addons/defineAddon";
import type { FastifyInstance } from "fastify";
import {
  conversationsEnabled,
  ENABLED_SETTING,
  MODERATION_SETTING,
  requireConversationsEnabled,
} from "./conversations/conversationAccess";
import { conversationsRoutes } from "./conversations/conversationsRoutes";
import { countUnreadConversations, UNREAD_CONVERSATIONS } from "./conversations/conversationsQueries";
import {
  MESSAGE_NOTIFICATION,
  NOTIFY_MESSAGE_JOB,
  notifyMessageJob,
} from "./messages/conversationNotifications";
import { recountConversations } from "./messages/conversationCounters";
import { messagesRoutes } from "./messages/messagesRoutes";
import { conversationsMigrations } from "./migrations/conversationsMigrations";
import { registerConversationSlots } from "./pages/conversationSlots";
import { conversationsPages } from "./pages/conversationsPages";
import { seedConversationsDemo } from "./seed/conversationsSeed";
import "./tables";
import { CONVERSATION_RATE_LIMITS } from "./conversationRateLimits";
import { exportConversationsData } from "./privacy/conversationsDataExport";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "conversations.add": true;
    "conversations.moderate": true;
  }
}

/**
 * Private conversations between members (API.md 12): API, pages, the Messages title-bar menu, the unread
 * me-count and a demo thread. Disabling the add-on (or the `context.conversationsEnabled` setting) turns every
 * route into a 404 and hides the menu; the conversations stay in the database.
 */
export const conversationsAddon = defineAddon({
  key: "conversations",
  migrations: conversationsMigrations,
  settings: {
    [ENABLED_SETTING]: {
      type: "boolean",
      label: "Enable private conversations",
      description: "Members can send private messages to each other.",
      default: true,
    },
    [MODERATION_SETTING]: {
      type: "boolean",
      label: "Allow moderators to read conversations",
      description: "Holders of conversations.moderate may read conversations they do not take part in.",
      default: false,
      read: "site.manage",
    },
  },
  permissions: {
    "conversations.add": { label: "Start and reply to private conversations", default: "member" },
    "conversations.moderate": { label: "Moderate private conversations", default: "administrator" },
  },
  register(registrar, context) {
    registrar.meCount({
      name: UNREAD_CONVERSATIONS,
      sort: 20,
      onMe: true,
      // A new message is one unread conversation: the notifications badge does not count it again.
      coversNotifications: [MESSAGE_NOTIFICATION],
      count: async (context, viewer) =>
        (await conversationsEnabled(context)) ? countUnreadConversations(context.db, viewer.userID) : 0,
    });
    registrar.titleBarItem({
      key: "messages",
      label: "Messages",
      href: "/messages",
      component: "MessagesDropDown",
      panelComponent: "MessagesPanel",
      countName: UNREAD_CONVERSATIONS,
      settingKey: ENABLED_SETTING,
    });
    registrar.apiRoutes(async (api, context) => {
      // Its own scope, so the "setting off → 404" hook covers these routes only.
      await api.register(async (scope: FastifyInstance) => {
        scope.addHook("onRequest", async () => requireConversationsEnabled(context));
        conversationsRoutes(scope, context);
        messagesRoutes(scope, context);
      });
    });
    registrar.pageRoutes(conversationsPages);
    registerConversationSlots(registrar);
    registrar.extend((context, owner) => {
      for (const rule of CONVERSATION_RATE_LIMITS) context.rateLimits.declare(rule, owner);
      context.personalData.add(exportConversationsData, owner);
    });
    registrar.job<{ conversationID: number; messageID: number; senderID: number }>(
      NOTIFY_MESSAGE_JOB,
      (job) => notifyMessageJob(context, job),
    );
  },
  seedDemo: seedConversationsDemo,
  recount: recountConversations,
});
