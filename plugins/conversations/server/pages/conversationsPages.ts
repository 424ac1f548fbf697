import type { AppContext } from "@library/server/app/appContext";
import type { FastifyInstance } from "fastify";
import { addPageRoutes } from "./addPage";
import { inboxPageRoutes } from "./inboxPage";
import { threadPageRoutes } from "./threadPage";

/** The server-rendered pages of conversations (SPEC 2): inbox, thread, new message. */
export function conversationsPages(app: FastifyInstance, context: AppContext): void {
  inboxPageRoutes(app, context);
  addPageRoutes(app, context);
  threadPageRoutes(app, context);
}
