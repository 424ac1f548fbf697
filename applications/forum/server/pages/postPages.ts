import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError } from "@library/server/errors/httpErrors";
import type { Translate } from "@library/server/i18n/translate";
import { html, widget, type SafeHtml } from "@library/server/pages/html";
import { sectionBasePath, sectionLink } from "@library/server/http/siteSections";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { validateBody } from "@library/server/formats/renderBody";
import { discussionUrl } from "../content/urls";
import { createDiscussion } from "../discussions/discussionCreate";
import { AWAITING_APPROVAL_PATH, isHeldPost } from "../moderation/holdPosts";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { sendLayoutPageIfEnabled } from "./layoutShell";
import { parsePostPagePath, type PostPagePath } from "@forum/api/postPagePaths";
import type { CreatePostFormProps, EditPostFormProps, PostableCategory } from "@forum/api/postTypes";
import { PermissionError } from "@library/server/errors/httpErrors";
import { hasCategoryPermission } from "../categories/categoryTree";
import { availablePostTypes } from "../postTypes/postTypeCatalog";
import { createPostProps } from "../pageParts/createPostProps";
import { postableCategories } from "../pageParts/postableCategories";

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

/** The parsed address of a `/post/…` page request (SPEC 2), or null for a 404. */
function parsedPath(request: FastifyRequest): PostPagePath | null {
  const [path = "", search = ""] = request.url.split("?");
  return parsePostPagePath(path, search);
}

/** A redirect to a site path, kept in the site section's folder the page was asked for in (`/fr/…`). */
function redirectInSection(request: FastifyRequest, reply: FastifyReply, path: string, code?: number) {
  const location = sectionLink(sectionBasePath(request), path);
  return code === undefined ? reply.redirect(location) : reply.redirect(location, code);
}

function signIn(request: FastifyRequest, reply: FastifyReply) {
  return redirectInSection(request, reply, `/entry/signin?Target=${encodeURIComponent(request.url)}`);
}

/**
 * The create-post pages: `/post/discussion[/{categoryID}]` and `/post/{postType}/{parentID}` (create),
 * `/post/editdiscussion/{recordID}/{draftID}` (a draft; record 0: a new post) and `/post/editdiscussion/{id}`
 * (edit, from the options menu). Addresses are read by SPEC 2's rules (`parsePostPagePath`).
 */
export function postPageRoutes(app: FastifyInstance, context: AppContext): void {
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    props: CreatePostFormProps,
    values: NewDiscussionForm,
    errors: FieldErrors,
    status = 200,
  ) => {
    const { t } = request;
    const title = t("New Discussion");
    const body = html`<div class="listPage postPage">
      <div class="listPage-header"><h1 class="listPage-title">${title}</h1></div>
      ${widget("div", "NewDiscussionForm", props, fallbackForm(t, props.categories, values, errors), { class: "newDiscussionForm" })}
    </div>`;
    return context.pages.send(request, reply, { title, body, status, noIndex: true });
  };

  const createPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = parsedPath(request);
    if (path?.kind !== "create") return sendErrorPage(context.pages, request, reply, 404);
    if (request.viewer.isGuest) return signIn(request, reply);
    const props = await createPostProps(context, request.viewer, path);
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.createPost")) return reply;
    return render(request, reply, props, { categoryID: String(props.categoryID ?? "") }, {});
  };
  app.get("/post/:postType", createPage);
  app.get("/post/:postType/:parentID", createPage);

  // A discussion draft (SPEC 2: record id 0 means no record yet); an existing record opens its edit page.
  app.get("/post/editdiscussion/:recordID/:draftID", async (request, reply) => {
    const path = parsedPath(request);
    if (path?.kind !== "editDraft") return sendErrorPage(context.pages, request, reply, 404);
    if (request.viewer.isGuest) return signIn(request, reply);
    if (path.recordID !== 0)
      return redirectInSection(request, reply, `/post/editdiscussion/${path.recordID}`);
    const props = await createPostProps(
      context,
      request.viewer,
      { kind: "create", postType: "discussion", parentRecordType: "category", parentRecordID: null },
      path.draftID,
    );
    return render(request, reply, props, {}, {});
  });

  const newDiscussionProps = (request: FastifyRequest) =>
    createPostProps(context, request.viewer, {
      kind: "create",
      postType: "discussion",
      parentRecordType: "category",
      parentRecordID: null,
    });

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
    if (Object.keys(errors).length > 0)
      return render(request, reply, await newDiscussionProps(request), form, errors, 422);
    try {
      const discussionID = await createDiscussion(context, request.viewer, {
        name,
        categoryID,
        body: form.body ?? "",
        format: "markdown",
      });
      // A held post is not readable yet: its author sees it among their posts awaiting approval.
      if (await isHeldPost(context.db, "discussion", discussionID))
        return reply.redirect(`${AWAITING_APPROVAL_PATH}#discussion-${discussionID}`, 303);
      return redirectInSection(request, reply, discussionUrl(discussionID, name), 303);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const props = await newDiscussionProps(request);
      return render(request, reply, props, form, formErrors(error), error.status);
    }
  });

  app.get("/post/editdiscussion/:discussionID", async (request, reply) => {
    const { t, viewer } = request;
    const path = parsedPath(request);
    if (path?.kind !== "editDiscussion") return sendErrorPage(context.pages, request, reply, 404);
    if (viewer.isGuest) return signIn(request, reply);
    const { row, tree } = await getViewableDiscussion(context, viewer, path.discussionID);
    // The same rule as GET /discussions/{id}/edit: the author, or discussions.edit in the category.
    if (
      row.insertUserID !== viewer.userID &&
      !hasCategoryPermission(tree, viewer, "discussions.edit", row.categoryID)
    )
      throw new PermissionError(["discussions.edit"]);
    const props: EditPostFormProps = {
      discussionID: row.discussionID,
      categories: await postableCategories(context, viewer),
      postTypes: availablePostTypes(context),
      taggingEnabled: context.settings.peek<boolean>("tagging.enabled") === true,
    };
    const body = html`<div class="listPage postPage">
      <div class="listPage-header"><h1 class="listPage-title">${t("Edit Discussion")}</h1></div>
      ${widget("div", "EditDiscussionForm", props, html`<p class="emptyMessage">${t("Editing needs JavaScript.")} <a href="${discussionUrl(row.discussionID, row.name)}">${row.name}</a></p>`, { class: "editDiscussionForm" })}
    </div>`;
    return context.pages.send(request, reply, { title: t("Edit Discussion"), body, noIndex: true });
  });
}
