import { GROUP_PRIVACIES, groupUrl, type GroupPrivacy, type GroupRole } from "../../api/groupsApi";
import "../../api/groupsWidgets";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { HttpError, NotFoundError } from "@library/server/errors/httpErrors";
import { formatNumberIn, pluralText } from "@library/server/i18n/readerFormats";
import type { Translate } from "@library/server/i18n/translate";
import { html, widget, type SafeHtml } from "@library/server/pages/html";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { getVisibleGroup, moderatesGroups, seesInside } from "../groups/groupAccess";
import { createGroup, decideRequest, joinGroup, removeMember, setMemberRole } from "../groups/groupsCommands";
import { presentGroups } from "../groups/groupsPresenter";
import { listGroups } from "../groups/groupsQueries";
import { answerInvitation } from "../groups/invitationCommands";
import {
  actionForm,
  countLine,
  errorNote,
  groupCard,
  groupFields,
  groupIDOf,
  memberItem,
} from "./groupFragments";

type FormBody = Record<string, string | undefined>;
type GroupRequest = FastifyRequest<{
  Params: { slug: string; userID?: string };
  Querystring: { invitation?: string };
  Body: FormBody;
}>;

function newGroupForm(t: Translate, values: FormBody, error?: string): SafeHtml {
  return html`<details class="groupsPage-new"${error ? " open" : ""}><summary class="button button-primary">${t("New Group")}</summary>
    <form method="post" action="/groups" class="entryForm" novalidate>
      ${errorNote(error)}
      ${groupFields(t, values)}
      <button type="submit" class="button button-primary">${t("Create Group")}</button>
    </form></details>`;
}

/** Categories the viewer may start discussions in, for a group post. */
async function postableCategories(context: AppContext, viewer: Viewer) {
  const rows = await context.db
    .selectFrom("categories")
    .select(["categoryID", "name", "permissionCategoryID", "displayAs"])
    .where("categoryID", ">", 0)
    .orderBy("sort")
    .execute();
  return rows
    .filter(
      (row) =>
        row.displayAs !== "heading" &&
        viewer.has("discussions.add", { type: "category", id: row.permissionCategoryID }),
    )
    .map((row) => ({ categoryID: row.categoryID, name: row.name }));
}

/** `/groups` (the directory), `/groups/{id}-{slug}` (a group), their forms, and a group's new-post page. */
export function groupsPages(app: FastifyInstance, context: AppContext): void {
  const directory = async (
    request: FastifyRequest,
    reply: FastifyReply,
    values: FormBody = {},
    error?: string,
  ) => {
    const { t, viewer } = request;
    const { rows } = await listGroups(context, viewer, { limit: 100 });
    const groups = await presentGroups(context.db, viewer, rows);
    const body = html`<div class="listPage groupsPage">
      <div class="listPage-header"><h1 class="listPage-title">${t("Groups")}</h1></div>
      ${viewer.has("groups.add") ? newGroupForm(t, values, error) : ""}
      ${
        groups.length > 0
          ? html`<ul class="groupCards">${groups.map((group) => groupCard(group, t))}</ul>`
          : html`<p class="emptyMessage">${t("There are no groups yet.")}</p>`
      }
    </div>`;
    return context.pages.send(request, reply, { title: t("Groups"), body, status: error ? 422 : 200 });
  };

  app.get("/groups", async (request, reply) => directory(request, reply));

  app.post("/groups", async (request: FastifyRequest<{ Body: FormBody }>, reply) => {
    checkFormOrigin(request, context.config.siteUrl);
    const form = request.body ?? {};
    const privacy = GROUP_PRIVACIES.includes(form.privacy as GroupPrivacy)
      ? (form.privacy as GroupPrivacy)
      : "public";
    const name = (form.name ?? "").trim();
    if (!name || name.length > 100)
      return directory(request, reply, form, request.t("Give the group a name of at most 100 characters."));
    try {
      const groupID = await createGroup(context, request.viewer, {
        name,
        privacy,
        description: (form.description ?? "").slice(0, 2000),
      });
      return reply.redirect(groupUrl(groupID, name), 303);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 422) throw error;
      return directory(request, reply, form, error.toBody().errors?.[0]?.message ?? error.message);
    }
  });

  const groupPage = async (request: GroupRequest, reply: FastifyReply, error?: string) => {
    const { t, viewer } = request;
    const groupID = groupIDOf(request.params.slug);
    if (groupID === null) throw new NotFoundError("Page");
    const { group: row, role } = await getVisibleGroup(context, viewer, groupID);
    const [group] = await presentGroups(context.db, viewer, [row]);
    if (!group) throw new NotFoundError("Group");
    const path = groupUrl(group.groupID, group.name);
    const inside = seesInside(row, role, viewer);
    const leads = role === "leader" || moderatesGroups(viewer);
    const token = request.query.invitation;
    const actions: SafeHtml[] = [];
    if (viewer.isGuest)
      actions.push(
        html`<a class="button" href="/entry/signin?Target=${encodeURIComponent(request.url)}">${t("Sign In to Join")}</a>`,
      );
    else if (group.viewerStatus === "invited" || (token && role === null))
      actions.push(
        html`<p class="groupPage-invited">${t("You are invited to join this group.")}</p>`,
        actionForm(
          `${path}/invitation`,
          t("Accept"),
          { status: "accepted", ...(token ? { token } : {}) },
          true,
        ),
        actionForm(`${path}/invitation`, t("Decline"), { status: "declined", ...(token ? { token } : {}) }),
      );
    else if (role === null && group.viewerStatus === "requested")
      actions.push(
        html`<p class="groupPage-invited">${t("Your request to join is waiting for a leader.")}</p>`,
      );
    else if (role === null && group.privacy !== "secret")
      actions.push(
        actionForm(`${path}/join`, group.privacy === "public" ? t("Join") : t("Ask to Join"), {}, true),
      );
    if (leads) actions.push(html`<a class="button" href="${path}/edit">${t("Edit Group")}</a>`);
    if (role !== null) {
      actions.push(
        html`<a class="button button-primary" href="/post/discussion/social-groups?groupid=${group.groupID}">${t("New Discussion")}</a>`,
      );
      actions.push(actionForm(`${path}/leave`, t("Leave Group")));
    }
    const [discussions, members, requests] = inside
      ? await Promise.all([
          context.db
            .selectFrom("groupDiscussions")
            .innerJoin("discussions", "discussions.discussionID", "groupDiscussions.discussionID")
            .select(["discussions.discussionID", "discussions.name", "discussions.countComments"])
            .where("groupDiscussions.groupID", "=", group.groupID)
            .where("discussions.deleteLogID", "is", null)
            .orderBy("discussions.dateLastComment", "desc")
            .limit(50)
            .execute(),
          context.db
            .selectFrom("groupMembers")
            .selectAll()
            .where("groupID", "=", group.groupID)
            .orderBy("role")
            .orderBy("dateInserted")
            .limit(200)
            .execute(),
          leads
            ? context.db
                .selectFrom("groupRequests")
                .selectAll()
                .where("groupID", "=", group.groupID)
                .execute()
            : Promise.resolve([]),
        ])
      : [[], [], []];
    const users = await loadUserFragments(context.db, [
      ...members.map((member) => member.userID),
      ...requests.map((item) => item.userID),
    ]);
    const body = html`<div class="listPage groupPage">
      <nav class="breadcrumbs" aria-label="${t("Breadcrumb")}"><ol class="breadcrumbs-list">
        <li class="breadcrumbs-item"><a href="/groups">${t("Groups")}</a><span class="breadcrumbs-separator" aria-hidden="true">›</span></li>
        <li class="breadcrumbs-item"><span aria-current="page">${group.name}</span></li></ol></nav>
      <header class="groupPage-header">
        <h1 class="groupPage-title">${group.name}</h1>
        ${countLine(group, t)}
        ${group.description ? html`<p class="groupPage-description">${group.description}</p>` : ""}
        ${errorNote(error)}
        <div class="groupPage-actions">${actions}</div>
      </header>
      ${
        inside
          ? html`<div class="groupPage-columns">
        <section class="groupPage-discussions" aria-labelledby="group-discussions"><h2 id="group-discussions">${t("Discussions")}</h2>
          ${
            discussions.length > 0
              ? html`<ul class="groupPage-list">${discussions.map(
                  (discussion) =>
                    html`<li><a href="/discussion/${discussion.discussionID}">${discussion.name}</a> <span class="groupCard-meta">${formatNumberIn(t.locale, discussion.countComments)} ${pluralText(t("{count, plural, one {comment} other {comments}}"), discussion.countComments, t)}</span></li>`,
                )}</ul>`
              : html`<p class="emptyMessage">${t("No discussions in this group yet.")}</p>`
          }</section>
        <aside class="groupPage-side">
          <section aria-labelledby="group-members"><h2 id="group-members">${t("Members")}</h2>
            <ul class="groupMembers">${members.map((member) =>
              memberItem(
                {
                  userID: member.userID,
                  role: member.role as GroupRole,
                  dateInserted: member.dateInserted,
                  user: userFragmentOf(users, member.userID),
                },
                path,
                leads && member.userID !== viewer.userID,
                t,
              ),
            )}</ul></section>
          ${
            leads && requests.length > 0
              ? html`<section aria-labelledby="group-requests"><h2 id="group-requests">${t("Requests to Join")}</h2>
            <ul class="groupMembers">${requests.map(
              (item) =>
                html`<li class="groupMembers-item"><a href="${userFragmentOf(users, item.userID).url}">${userFragmentOf(users, item.userID).name}</a>
                <span class="groupMembers-controls">${actionForm(`${path}/requests/${item.userID}`, t("Approve"), { status: "approved" }, true)}${actionForm(`${path}/requests/${item.userID}`, t("Decline"), { status: "declined" })}</span></li>`,
            )}</ul></section>`
              : ""
          }
          ${
            leads
              ? widget(
                  "section",
                  "GroupInviteForm",
                  { groupID: group.groupID },
                  html`<p>${t("Invite members with JavaScript enabled.")}</p>`,
                  { class: "groupInvite" },
                )
              : ""
          }
        </aside></div>`
          : html`<p class="emptyMessage">${t("Only members see this group's discussions.")}</p>`
      }
    </div>`;
    return context.pages.send(request, reply, { title: group.name, body, status: error ? 409 : 200 });
  };

  app.get("/groups/:slug", async (request: GroupRequest, reply) => groupPage(request, reply));

  /** Runs a form's action and goes back to the group page; a refusal shows the page with its message. */
  const act =
    (run: (request: GroupRequest, groupID: number) => Promise<unknown>) =>
    async (request: GroupRequest, reply: FastifyReply) => {
      checkFormOrigin(request, context.config.siteUrl);
      const groupID = groupIDOf(request.params.slug);
      if (groupID === null) throw new NotFoundError("Page");
      try {
        await run(request, groupID);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status === 404 || error.status === 401) throw error;
        return groupPage(request, reply, error.toBody().message);
      }
      const { group } = await getVisibleGroup(context, request.viewer, groupID).catch(() => ({
        group: null,
      }));
      return reply.redirect(group ? groupUrl(group.groupID, group.name) : "/groups", 303);
    };
  const userIDOf = (request: GroupRequest) => Number(request.params.userID);

  app.post(
    "/groups/:slug/join",
    act((request, groupID) => joinGroup(context, request.viewer, groupID)),
  );
  app.post(
    "/groups/:slug/leave",
    act((request, groupID) => removeMember(context, request.viewer, groupID, request.viewer.userID)),
  );
  app.post(
    "/groups/:slug/invitation",
    act((request, groupID) =>
      answerInvitation(
        context,
        request.viewer,
        groupID,
        request.body?.status === "declined" ? "declined" : "accepted",
        request.body?.token || undefined,
      ),
    ),
  );
  app.post(
    "/groups/:slug/members/:userID",
    { config: { actsOnUser: false } }, // group membership: the group leaders' to manage
    act((request, groupID) =>
      request.body?.remove
        ? removeMember(context, request.viewer, groupID, userIDOf(request))
        : setMemberRole(
            context,
            request.viewer,
            groupID,
            userIDOf(request),
            request.body?.role === "member" ? "member" : "leader",
          ),
    ),
  );
  app.post(
    "/groups/:slug/requests/:userID",
    { config: { actsOnUser: false } }, // group membership: the group leaders' to manage
    act((request, groupID) =>
      decideRequest(
        context,
        request.viewer,
        groupID,
        userIDOf(request),
        request.body?.status === "declined" ? "declined" : "approved",
      ),
    ),
  );

  // SPEC 2: `post/{type}/{parentID}` with a `social-groups` parent takes the group from `groupid`.
  app.get(
    "/post/:postType/social-groups",
    async (request: FastifyRequest<{ Querystring: { groupid?: string } }>, reply) => {
      const { t, viewer } = request;
      if (viewer.isGuest) return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
      const groupID = /^\d{1,10}$/.test(request.query.groupid ?? "") ? Number(request.query.groupid) : null;
      if (groupID === null) throw new NotFoundError("Group");
      const { group, role } = await getVisibleGroup(context, viewer, groupID);
      if (role === null && !moderatesGroups(viewer)) throw new NotFoundError("Group");
      const props = {
        groupID,
        groupName: group.name,
        groupUrl: groupUrl(group.groupID, group.name),
        categories: await postableCategories(context, viewer),
      };
      const title = t("New Discussion");
      const body = html`<div class="listPage postPage">
        <div class="listPage-header"><h1 class="listPage-title">${title}</h1></div>
        <p class="groupPost-in">${t("In the group")} <a href="${props.groupUrl}">${group.name}</a></p>
        ${widget("div", "GroupDiscussionForm", props, html`<p>${t("Posting in a group needs JavaScript.")}</p>`, { class: "groupDiscussionForm" })}
      </div>`;
      return context.pages.send(request, reply, { title, body, noIndex: true });
    },
  );
}
