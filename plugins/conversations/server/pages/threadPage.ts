import { MAX_PARTICIPANTS, type Participant } from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError } from "@library/server/errors/httpErrors";
import { html, widget, type SafeHtml } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import type { Translate } from "@library/server/i18n/translate";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { getReadableConversation } from "../conversations/conversationAccess";
import { presentConversations, presentParticipants } from "../conversations/conversationsPresenter";
import { listParticipants } from "../conversations/conversationsQueries";
import { createMessage } from "../messages/messagesCommands";
import { presentMessages } from "../messages/messagesPresenter";
import { listMessages } from "../messages/messagesQueries";
import {
  errorList,
  messageArticle,
  personName,
  simplePager,
  type FieldErrors,
} from "./conversationFragments";
import { formErrors, guardConversationPage, isPageNumber } from "./pageGuards";

export const THREAD_PAGE_LIMIT = 50;

type ThreadRequest = FastifyRequest<{
  Params: { conversationID: string };
  Querystring: { page?: string };
  Body: { body?: string };
}>;

/** Without JavaScript the reply is a plain Markdown form; the `ConversationReply` widget replaces it. */
function replyFallback(conversationID: number, t: Translate, value: string, errors: FieldErrors): SafeHtml {
  return html`<form method="post" action="/messages/${conversationID}" class="entryForm conversationReplyForm" novalidate>
    ${errorList(errors, "")}
    <div class="formGroup"><label class="formGroup-label" for="reply-body">${t("Message")}</label>
      <textarea class="inputText inputTextArea" id="reply-body" name="body" rows="6" required>${value}</textarea>${errorList(errors, "body")}</div>
    <button type="submit" class="button button-primary">${t("Send Message")}</button>
  </form>`;
}

/** Without JavaScript, the names; the `ConversationParticipants` widget adds 'Add People' and 'Leave Conversation'. */
function participantsLine(participants: readonly Participant[], t: Translate): SafeHtml {
  const people = participants.flatMap((participant) => (participant.user ? [participant.user] : []));
  return html`<p class="conversationPage-participants">${t("Participants")}: ${people.map(
    (user, index) => html`${index > 0 ? ", " : ""}${personName(user, t)}`,
  )}</p>`;
}

function participantsWidget(
  conversationID: number,
  participants: readonly Participant[],
  canAdd: boolean,
  t: Translate,
): SafeHtml {
  const people = participants.flatMap((participant) =>
    participant.user
      ? [{ userID: participant.userID, name: participant.user.name, url: participant.user.url }]
      : [],
  );
  return widget(
    "div",
    "ConversationParticipants",
    { conversationID, participants: people, canAdd },
    participantsLine(participants, t),
    { class: "conversationParticipantsWidget" },
  );
}

/** `/messages/{id}`: the thread (participants only) with the reply composer; a no-JS reply posts here. */
export function threadPageRoutes(app: FastifyInstance, context: AppContext): void {
  const show = async (
    request: ThreadRequest,
    reply: FastifyReply,
    draft: { value: string; errors: FieldErrors; status: number } = { value: "", errors: {}, status: 200 },
  ) => {
    const { t, viewer } = request;
    const conversationID = Number(request.params.conversationID);
    const readable = await getReadableConversation(context, viewer, conversationID);
    const pageCount = Math.max(1, Math.ceil(readable.row.countMessages / THREAD_PAGE_LIMIT));
    // The newest messages by default; `?page=N` for older ones.
    const page = request.query.page === undefined ? pageCount : Number(request.query.page);
    if (page < 1 || page > pageCount) return sendErrorPage(context.pages, request, reply, 404);
    const { rows } = await listMessages(context, viewer, {
      conversationID,
      page,
      limit: THREAD_PAGE_LIMIT,
    });
    const [[conversation], messages, participants] = await Promise.all([
      presentConversations(context.db, viewer.userID, [readable.row]),
      presentMessages(context.db, rows, ["insertUser"]),
      listParticipants(context, viewer, conversationID, { limit: MAX_PARTICIPANTS }).then((participantPage) =>
        presentParticipants(context.db, participantPage.rows, true),
      ),
    ]);
    if (!conversation) throw new Error("A presented conversation went missing.");
    const composer = readable.participant
      ? widget(
          "div",
          "ConversationReply",
          { conversationID },
          replyFallback(conversationID, t, draft.value, draft.errors),
          { class: "conversationReply", id: "reply" },
        )
      : html``;
    const body = html`<div class="conversationPage">
      <nav class="breadcrumbs" aria-label="${t("Breadcrumb")}"><ol class="breadcrumbs-list">
        <li class="breadcrumbs-item"><a href="/messages">${t("Messages")}</a><span class="breadcrumbs-separator" aria-hidden="true">›</span></li>
        <li class="breadcrumbs-item"><span aria-current="page">${conversation.name}</span></li></ol></nav>
      <h1 class="conversationPage-title" dir="auto">${conversation.name}</h1>
      ${
        readable.participant
          ? participantsWidget(conversationID, participants, viewer.has("conversations.add"), t)
          : participantsLine(participants, t)
      }
      <section class="conversationMessages" aria-label="${t("Messages")}">
        ${messages.map((message) => messageArticle(message, t))}
      </section>
      ${simplePager(`/messages/${conversationID}`, page, page < pageCount, t, pageCount)}
      ${composer}
    </div>`;
    return context.pages.send(request, reply, {
      title: conversation.name,
      body,
      noIndex: true,
      status: draft.status,
    });
  };

  app.get("/messages/:conversationID", async (request: ThreadRequest, reply) => {
    await guardConversationPage(context, request);
    if (!/^\d{1,10}$/.test(request.params.conversationID) || !isPageNumber(request.query.page))
      return sendErrorPage(context.pages, request, reply, 404);
    return show(request, reply);
  });

  app.post("/messages/:conversationID", async (request: ThreadRequest, reply) => {
    await guardConversationPage(context, request);
    if (!/^\d{1,10}$/.test(request.params.conversationID))
      return sendErrorPage(context.pages, request, reply, 404);
    checkFormOrigin(request, context.config.siteUrl);
    const conversationID = Number(request.params.conversationID);
    const value = request.body?.body ?? "";
    try {
      const messageID = await createMessage(context, request.viewer, {
        conversationID,
        body: value,
        format: "markdown",
      });
      return reply.redirect(`/messages/${conversationID}#Message_${messageID}`, 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status !== 422) return sendErrorPage(context.pages, request, reply, error.status);
      return show(request, reply, { value, errors: formErrors(error), status: 422 });
    }
  });
}
