import { GROUP_NAME_MAX_LENGTH, GROUP_PRIVACIES, groupUrl, type GroupPatch } from "../../api/groupsApi";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError, NotFoundError } from "@library/server/errors/httpErrors";
import { html } from "@library/server/pages/html";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { getVisibleGroup, requireLeader, type GroupRow } from "../groups/groupAccess";
import { deleteGroup, patchGroup } from "../groups/groupsCommands";
import { errorNote, groupFields, groupIDOf } from "./groupFragments";

type FormBody = Record<string, string | undefined>;
type EditRequest = FastifyRequest<{ Params: { slug: string }; Body: FormBody }>;

/** The group of `/groups/{id}-{slug}/…` when the viewer leads it (or moderates groups); 404 or 403 otherwise. */
async function ledGroup(context: AppContext, request: EditRequest): Promise<GroupRow> {
  const groupID = groupIDOf(request.params.slug);
  if (groupID === null) throw new NotFoundError("Page");
  const { group, role } = await getVisibleGroup(context, request.viewer, groupID);
  requireLeader(role, request.viewer);
  return group;
}

/** What the edit form sends, as a `PATCH /groups/{id}` body (an unknown privacy keeps the group's). */
function patchOf(form: FormBody): GroupPatch {
  const privacy = GROUP_PRIVACIES.find((value) => value === form.privacy);
  return {
    name: (form.name ?? "").trim(),
    description: (form.description ?? "").slice(0, 2000),
    ...(privacy ? { privacy } : {}),
  };
}

/**
 * `/groups/{id}-{slug}/edit` and `/groups/{id}-{slug}/delete`: a group's leaders (and group moderators) change
 * its name, description and privacy, or delete it, from forms that work without script.
 */
export function groupEditPages(app: FastifyInstance, context: AppContext): void {
  const editPage = async (
    request: EditRequest,
    reply: FastifyReply,
    group: GroupRow,
    values: FormBody,
    error?: string,
  ) => {
    const { t } = request;
    const path = groupUrl(group.groupID, group.name);
    const title = t("Edit Group");
    const body = html`<div class="listPage groupPage groupEditPage">
      <nav class="breadcrumbs" aria-label="${t("Breadcrumb")}"><ol class="breadcrumbs-list">
        <li class="breadcrumbs-item"><a href="/groups">${t("Groups")}</a><span class="breadcrumbs-separator" aria-hidden="true">›</span></li>
        <li class="breadcrumbs-item"><a href="${path}">${group.name}</a><span class="breadcrumbs-separator" aria-hidden="true">›</span></li>
        <li class="breadcrumbs-item"><span aria-current="page">${title}</span></li></ol></nav>
      <div class="listPage-header"><h1 class="listPage-title">${title}</h1></div>
      <form method="post" action="${path}/edit" class="entryForm groupEditForm" novalidate>
        ${errorNote(error)}
        ${groupFields(t, values)}
        <p class="groupEditForm-note">${t("Making a group private or secret hides its discussions from everyone who is not a member.")}</p>
        <div class="groupEditForm-actions">
          <button type="submit" class="button button-primary">${t("Save")}</button>
          <a class="button" href="${path}">${t("Cancel")}</a>
        </div>
      </form>
      <section class="groupEditPage-danger" aria-labelledby="group-delete-title">
        <h2 id="group-delete-title">${t("Delete Group")}</h2>
        <p>${t("The group, its members, requests and invitations are removed; its discussions stay, seen only by moderators.")}</p>
        <a class="button" href="${path}/delete">${t("Delete Group")}</a>
      </section>
    </div>`;
    return context.pages.send(request, reply, { title, body, noIndex: true, status: error ? 422 : 200 });
  };

  app.get("/groups/:slug/edit", async (request: EditRequest, reply) => {
    const group = await ledGroup(context, request);
    return editPage(request, reply, group, {
      name: group.name,
      description: group.description,
      privacy: group.privacy,
    });
  });

  app.post("/groups/:slug/edit", async (request: EditRequest, reply) => {
    checkFormOrigin(request, context.config.siteUrl);
    const group = await ledGroup(context, request);
    const form = request.body ?? {};
    const patch = patchOf(form);
    const name = patch.name ?? "";
    if (!name || name.length > GROUP_NAME_MAX_LENGTH)
      return editPage(
        request,
        reply,
        group,
        form,
        request.t("Give the group a name of at most 100 characters."),
      );
    try {
      await patchGroup(context, request.viewer, group.groupID, patch);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 422) throw error;
      return editPage(request, reply, group, form, error.toBody().errors?.[0]?.message ?? error.message);
    }
    return reply.redirect(groupUrl(group.groupID, name), 303);
  });

  app.get("/groups/:slug/delete", async (request: EditRequest, reply) => {
    const { t } = request;
    const group = await ledGroup(context, request);
    const path = groupUrl(group.groupID, group.name);
    const title = t("Delete Group");
    const body = html`<div class="listPage groupPage groupEditPage">
      <div class="listPage-header"><h1 class="listPage-title">${title}</h1></div>
      <form method="post" action="${path}/delete" class="entryForm groupDeleteForm">
        <p>${t("Delete the group")} <strong>${group.name}</strong>? ${t("This cannot be undone. Its discussions stay, seen only by moderators.")}</p>
        <div class="groupEditForm-actions">
          <button type="submit" class="button button-primary">${t("Delete Group")}</button>
          <a class="button" href="${path}">${t("Cancel")}</a>
        </div>
      </form>
    </div>`;
    return context.pages.send(request, reply, { title, body, noIndex: true });
  });

  app.post("/groups/:slug/delete", async (request: EditRequest, reply) => {
    checkFormOrigin(request, context.config.siteUrl);
    const group = await ledGroup(context, request);
    await deleteGroup(context, request.viewer, group.groupID);
    return reply.redirect("/groups", 303);
  });
}
