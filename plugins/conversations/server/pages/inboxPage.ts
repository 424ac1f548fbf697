import type { AppContext } from "@library/server/app/appContext";
import { html } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { presentConversations } from "../conversations/conversationsPresenter";
import { listConversations } from "../conversations/conversationsQueries";
import { conversationItem, simplePager } from "./conversationFragments";
import { guardConversationPage, isPageNumber } from "./pageGuards";

export const INBOX_PAGE_LIMIT = 30;

/** `/messages`: the signed-in user's conversations, newest activity first, unread ones marked. */
export function inboxPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/messages", async (request: FastifyRequest<{ Querystring: { page?: string } }>, reply) => {
    await guardConversationPage(context, request);
    if (!isPageNumber(request.query.page)) return sendErrorPage(context.pages, request, reply, 404);
    const { t, viewer } = request;
    const page = Math.max(1, Number(request.query.page ?? 1));
    const { rows } = await listConversations(context, viewer, { page, limit: INBOX_PAGE_LIMIT, expand: [] });
    const conversations = await presentConversations(context.db, viewer.userID, rows, ["lastInsertUser"]);
    const newMessage = viewer.has("conversations.add")
      ? html`<a class="button button-primary" href="/messages/add">${t("New Message")}</a>`
      : "";
    const body = html`<div class="listPage conversationsPage">
      <div class="listPage-header"><h1 class="listPage-title">${t("Messages")}</h1>${newMessage}</div>
      ${
        conversations.length > 0
          ? html`<ul class="cardList conversationList">${conversations.map((conversation) => conversationItem(conversation, t))}</ul>`
          : html`<p class="emptyMessage">${t("There are no messages yet.")}</p>`
      }
      ${simplePager("/messages", page, rows.length >= INBOX_PAGE_LIMIT, t)}
    </div>`;
    return context.pages.send(request, reply, { title: t("Messages"), body, noIndex: true });
  });
}
