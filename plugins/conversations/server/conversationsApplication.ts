import type { ServerApplication } from "@library/server/app/serverApplication";
import { registerMeCount } from "@library/server/users/meCounts";
import type { FastifyInstance } from "fastify";
import { conversationsEnabled, requireConversationsEnabled } from "./conversations/conversationAccess";
import { conversationsRoutes } from "./conversations/conversationsRoutes";
import { countUnreadConversations } from "./conversations/conversationsQueries";
import { messagesRoutes } from "./messages/messagesRoutes";
import { conversationsMigrations } from "./migrations/conversationsMigrations";
import { conversationsPages } from "./pages/conversationsPages";
import { seedConversationsDemo } from "./seed/conversationsSeed";
import "./tables";

/** Private conversations between members (API.md 12): API, pages, the unread me-count and a demo thread. */
export const conversationsApplication: ServerApplication = {
  key: "conversations",
  name: "Conversations",
  migrations: conversationsMigrations,
  async registerApi(api, context) {
    registerMeCount("UnreadConversations", async (appContext, viewer) =>
      (await conversationsEnabled(appContext)) ? countUnreadConversations(appContext.db, viewer.userID) : 0,
    );
    // Its own scope, so the "disabled → 404" hook covers these routes only.
    await api.register(async (scope: FastifyInstance) => {
      scope.addHook("onRequest", async () => requireConversationsEnabled(context));
      conversationsRoutes(scope, context);
      messagesRoutes(scope, context);
    });
  },
  registerPages: conversationsPages,
  seedDemo: seedConversationsDemo,
};
