import { CONVERSATION_NAME_MAX_LENGTH } from "../../api/conversationsApi";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import type { DbOrTx } from "@library/server/db/database";
import { HttpError } from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import { html, widget, type SafeHtml } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { nameKey } from "@library/server/users/createUserRecord";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createConversation } from "../conversations/conversationsCommands";
import { errorList, type FieldErrors } from "./conversationFragments";
import { formErrors, guardConversationPage } from "./pageGuards";

interface AddForm {
  recipients?: string;
  name?: string;
  body?: string;
}

type AddRequest = FastifyRequest<{
  Params: { name?: string };
  Querystring: { content?: string };
  Body: AddForm;
}>;

export interface Recipient {
  userID: number;
  name: string;
}

/** Names typed into the recipients field: separated by commas or new lines. */
export function splitRecipientNames(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[,\n]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** Users by exact (case-insensitive) name, in the order given; unknown and deleted names come back apart. */
export async function findRecipients(
  db: DbOrTx,
  names: readonly string[],
): Promise<{ found: Recipient[]; unknown: string[] }> {
  if (names.length === 0) return { found: [], unknown: [] };
  const rows = await db
    .selectFrom("users")
    .select(["userID", "name", "nameKey"])
    .where("nameKey", "in", names.map(nameKey))
    .where("deleted", "=", 0)
    .execute();
  const byKey = new Map(rows.map((row) => [row.nameKey, row]));
  const found: Recipient[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const row = byKey.get(nameKey(name));
    if (row) found.push({ userID: row.userID, name: row.name });
    else unknown.push(name);
  }
  return { found, unknown };
}

function fallbackForm(action: string, t: Translate, values: AddForm, errors: FieldErrors): SafeHtml {
  return html`<form method="post" action="${action}" class="entryForm newConversationForm-fallback" novalidate>
    ${errorList(errors, "")}
    <div class="formGroup"><label class="formGroup-label" for="conversation-recipients">${t("Recipients")}<span class="formGroup-required" aria-hidden="true"> *</span></label>
      <input class="inputText" id="conversation-recipients" name="recipients" required value="${values.recipients ?? ""}">
      <p class="formGroup-description">${t("Separate names with commas.")}</p>${errorList(errors, "recipients")}</div>
    <div class="formGroup"><label class="formGroup-label" for="conversation-subject">${t("Subject")}</label>
      <input class="inputText" id="conversation-subject" name="name" maxlength="${CONVERSATION_NAME_MAX_LENGTH}" value="${values.name ?? ""}">${errorList(errors, "name")}</div>
    <div class="formGroup"><label class="formGroup-label" for="conversation-body">${t("Message")}<span class="formGroup-required" aria-hidden="true"> *</span></label>
      <textarea class="inputText inputTextArea" id="conversation-body" name="body" rows="8" required>${values.body ?? ""}</textarea>${errorList(errors, "body")}</div>
    <button type="submit" class="button button-primary">${t("Send Message")}</button>
  </form>`;
}

/**
 * `/messages/add`, `/messages/add/{name}` (start a message to a user) and `/messages/add?content={text}` (share
 * in a message): the `NewConversationForm` widget over a plain form that posts to the same address.
 */
export function addPageRoutes(app: FastifyInstance, context: AppContext): void {
  const render = async (
    request: AddRequest,
    reply: FastifyReply,
    values: AddForm,
    errors: FieldErrors,
    status = 200,
  ) => {
    const { t } = request;
    const { found } = await findRecipients(context.db, splitRecipientNames(values.recipients ?? ""));
    const recipients = found.filter((recipient) => recipient.userID !== request.viewer.userID);
    const action = request.url.split("?")[0] ?? "/messages/add";
    const props = { recipients, subject: values.name ?? "", body: values.body ?? "" };
    const body = html`<div class="listPage newConversationPage">
      <h1 class="listPage-title">${t("New Message")}</h1>
      ${widget("div", "NewConversationForm", props, fallbackForm(action, t, values, errors), { class: "newConversationForm" })}
    </div>`;
    return context.pages.send(request, reply, { title: t("New Message"), body, status, noIndex: true });
  };

  const guard = async (request: AddRequest) => {
    await guardConversationPage(context, request);
    request.viewer.require("conversations.add");
  };

  const showForm = async (request: AddRequest, reply: FastifyReply) => {
    await guard(request);
    const content = typeof request.query.content === "string" ? request.query.content : "";
    return render(request, reply, { recipients: request.params.name ?? "", name: "", body: content }, {});
  };

  const submit = async (request: AddRequest, reply: FastifyReply) => {
    await guard(request);
    checkFormOrigin(request, context.config.siteUrl);
    const form = request.body ?? {};
    const { t } = request;
    const names = splitRecipientNames(form.recipients ?? "");
    const { found, unknown } = await findRecipients(context.db, names);
    if (names.length === 0)
      return render(request, reply, form, { recipients: [t("Add at least one recipient.")] }, 422);
    if (unknown.length > 0)
      return render(
        request,
        reply,
        form,
        { recipients: unknown.map((name) => `${t("No user is named")} ${name}.`) },
        422,
      );
    try {
      const conversationID = await createConversation(context, request.viewer, {
        participantUserIDs: found.map((recipient) => recipient.userID),
        ...(form.name?.trim() ? { name: form.name.trim().slice(0, CONVERSATION_NAME_MAX_LENGTH) } : {}),
        initialBody: form.body ?? "",
        initialFormat: "markdown",
      });
      return reply.redirect(`/messages/${conversationID}`, 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status !== 422) return sendErrorPage(context.pages, request, reply, error.status);
      const fieldNames = { participantUserIDs: "recipients", initialBody: "body", initialFormat: "body" };
      return render(request, reply, form, formErrors(error, fieldNames), 422);
    }
  };

  app.get("/messages/add", showForm);
  app.get("/messages/add/:name", showForm);
  app.post("/messages/add", submit);
  app.post("/messages/add/:name", submit);
}
