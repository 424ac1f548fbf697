import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError } from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import { html, widget, type SafeHtml } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { validateBody } from "@library/server/formats/renderBody";
import { discussionUrl } from "../content/urls";
import { createDiscussion } from "../discussions/discussionCreate";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { sendLayoutPageIfEnabled } from "./layoutShell";
import { postableCategories, type PostableCategory } from "./postableCategories";

interface NewDiscussionForm {
  name?: string;
  categoryID?: string;
  body?: string;
}

type FieldErrors = Record<string, string[]>;

function errorList(errors: FieldErrors, field: string): SafeHtml {
  const messages = errors[field] ?? [];
  return messages.length > 0
    ? html`<ul class="formGroup-errors" role="alert">${messages.map((message) => html`<li>${message}</li>`)}</ul>`
    : html``;
}

/**
 * Without JavaScript the page is a plain form (the body is written in Markdown); the `NewDiscussionForm` widget
 * replaces it with the rich editor.
 */
function fallbackForm(
  t: Translate,
  categories: PostableCategory[],
  values: NewDiscussionForm,
  errors: FieldErrors,
): SafeHtml {
  return html`<form method="post" action="/post/discussion" class="entryForm postForm" novalidate>
    ${errorList(errors, "")}
    <div class="formGroup"><label class="formGroup-label" for="post-name">${t("Title")}<span class="formGroup-required" aria-hidden="true"> *</span></label>
      <input class="inputText" id="post-name" name="name" maxlength="250" required value="${values.name ?? ""}">${errorList(errors, "name")}</div>
    <div class="formGroup"><label class="formGroup-label" for="post-category">${t("Category")}<span class="formGroup-required" aria-hidden="true"> *</span></label>
      <select class="inputText" id="post-category" name="categoryID" required>
        ${categories.map(
          (category) =>
            html`<option value="${category.categoryID}" ${category.canPost ? "" : "disabled"} ${String(category.categoryID) === values.categoryID ? "selected" : ""}>${"\u00a0\u00a0".repeat(category.depth - 1)}${category.name}</option>`,
        )}
      </select>${errorList(errors, "categoryID")}</div>
    <div class="formGroup"><label class="formGroup-label" for="post-body">${t("Body")}<span class="formGroup-required" aria-hidden="true"> *</span></label>
      <textarea class="inputText inputTextArea" id="post-body" name="body" rows="10" required>${values.body ?? ""}</textarea>${errorList(errors, "body")}</div>
    <button type="submit" class="button button-primary">${t("Post Discussion")}</button>
  </form>`;
}

function formErrors(error: HttpError): FieldErrors {
  const body = error.toBody();
  if (!body.errors?.length) return { "": [body.message] };
  const errors: FieldErrors = {};
  for (const item of body.errors) errors[item.field] = [...(errors[item.field] ?? []), item.message];
  return errors;
}

/** `/post/discussion[/{categoryID}]` (new discussion) and `/post/editdiscussion/{id}` (edit, from the options menu). */
export function postPageRoutes(app: FastifyInstance, context: AppContext): void {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    categoryID: number | null,
    values: NewDiscussionForm,
    errors: FieldErrors,
    status = 200,
    draftID: number | null = null,
  ) => {
    const { t } = request;
    const categories = await postableCategories(context, request.viewer);
    const props = draftID === null ? { categories, categoryID } : { categories, categoryID, draftID };
    const body = html`<div class="listPage postPage">
      <h1 class="listPage-title">${t("New Discussion")}</h1>
      ${widget("div", "NewDiscussionForm", props, fallbackForm(t, categories, values, errors), { class: "newDiscussionForm" })}
    </div>`;
    return context.pages.send(request, reply, { title: t("New Discussion"), body, status, noIndex: true });
  };

  const newDiscussion = async (
    request: FastifyRequest<{ Params: { categoryID?: string } }>,
    reply: FastifyReply,
  ) => {
    if (request.viewer.isGuest)
      return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
    const raw = request.params.categoryID;
    if (raw !== undefined && !/^\d{1,10}$/.test(raw))
      return sendErrorPage(context.pages, request, reply, 404);
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.createPost")) return reply;
    return render(request, reply, raw === undefined ? null : Number(raw), { categoryID: raw ?? "" }, {});
  };
  app.get("/post/discussion", newDiscussion);
  // A discussion draft (SPEC 2: record id 0 means no record yet); an existing record opens its edit page.
  app.get(
    "/post/editdiscussion/:recordID/:draftID",
    async (request: FastifyRequest<{ Params: { recordID: string; draftID: string } }>, reply) => {
      const { recordID, draftID } = request.params;
      if (!/^\d{1,10}$/.test(recordID) || !/^\d{1,10}$/.test(draftID) || Number(draftID) < 1)
        return sendErrorPage(context.pages, request, reply, 404);
      if (request.viewer.isGuest)
        return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
      if (recordID !== "0") return reply.redirect(`/post/editdiscussion/${recordID}`);
      return render(request, reply, null, {}, {}, 200, Number(draftID));
    },
  );
  app.get("/post/discussion/:categoryID", newDiscussion);

  app.post("/post/discussion", async (request: FastifyRequest<{ Body: NewDiscussionForm }>, reply) => {
    checkFormOrigin(request, context.config.siteUrl);
    const form = request.body ?? {};
    const { t } = request;
    const categoryID = Number(form.categoryID);
    const errors: FieldErrors = {};
    const name = (form.name ?? "").trim();
    if (!name) errors.name = [t("Title is required.")];
    else if (name.length > 250) errors.name = [t("The title must be at most 250 characters.")];
    if (!Number.isInteger(categoryID) || categoryID < 1) errors.categoryID = [t("Choose a category.")];
    for (const item of validateBody("markdown", form.body ?? "", {}))
      errors.body = [...(errors.body ?? []), item.message];
    if (Object.keys(errors).length > 0) return render(request, reply, null, form, errors, 422);
    try {
      const discussionID = await createDiscussion(context, request.viewer, {
        name,
        categoryID,
        body: form.body ?? "",
        format: "markdown",
      });
      return reply.redirect(discussionUrl(discussionID, name), 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return render(request, reply, null, form, formErrors(error), error.status);
    }
  });

  app.get(
    "/post/editdiscussion/:discussionID",
    async (request: FastifyRequest<{ Params: { discussionID: string } }>, reply) => {
      const { t } = request;
      if (!/^\d{1,10}$/.test(request.params.discussionID))
        return sendErrorPage(context.pages, request, reply, 404);
      if (request.viewer.isGuest)
        return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
      const { row } = await getViewableDiscussion(
        context,
        request.viewer,
        Number(request.params.discussionID),
      );
      const body = html`<div class="listPage postPage">
      <h1 class="listPage-title">${t("Edit Discussion")}</h1>
      ${widget("div", "EditDiscussionForm", { discussionID: row.discussionID }, html`<p class="emptyMessage">${t("Editing needs JavaScript.")} <a href="${discussionUrl(row.discussionID, row.name)}">${row.name}</a></p>`, { class: "editDiscussionForm" })}
    </div>`;
      return context.pages.send(request, reply, { title: t("Edit Discussion"), body, noIndex: true });
    },
  );
}
