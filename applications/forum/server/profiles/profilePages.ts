import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { html, type SafeHtml } from "@library/server/pages/html";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { renderPageTreeHtml } from "@library/server/pages/pageTreeHtml";
import { discussionList } from "../pageParts/discussionListFragments";
import { parsePageSegment } from "../pageParts/discussionView";
import { profileEditPageRoutes } from "./profileEditPage";
import { notificationPreferencesPageRoutes } from "./notificationPreferencesPage";
import {
  profileCommentList,
  profileHeader,
  profilePager,
  profileReactionList,
  profilePath,
  profileOverview,
  profileTabs,
  type ProfileSection,
} from "./profileFragments";
import {
  lookupProfile,
  profileComments,
  profileDiscussions,
  profileReactions,
  recentActivity,
} from "./profileViews";

/** How many discussions and comments the Profile tab lists. */
const RECENT_ACTIVITY_LIMIT = 10;

type ProfileRequest = FastifyRequest<{
  Params: { name: string; page?: string };
  Querystring: { reaction?: string };
}>;

type Found = Extract<Awaited<ReturnType<typeof lookupProfile>>, { status: 200 }>;

/** Renders one section of a profile once the member is found; null answers 404 (past the end, unknown type). */
type SectionRenderer = (request: ProfileRequest, found: Found, page: number) => Promise<SafeHtml | null>;

/**
 * The member's pages: `/profile/{username}` and `/profile/{discussions|comments|reactions}/{username}` (SPEC 2).
 * Unknown or deleted members get the not-found page; viewers who may not read profiles the permission page.
 */
export function profilePageRoutes(app: FastifyInstance, context: AppContext): void {
  const page =
    (section: ProfileSection, renderSection: SectionRenderer) =>
    async (request: ProfileRequest, reply: FastifyReply) => {
      const { t } = request;
      const pageNumber = parsePageSegment(request.params.page);
      if (pageNumber === null) return sendErrorPage(context.pages, request, reply, 404);
      const found = await lookupProfile(context, request.viewer, request.params.name);
      if (found.status !== 200) return sendErrorPage(context.pages, request, reply, found.status);
      const { user } = found;
      const restricted = found.view === "private";
      const content = restricted ? html`` : await renderSection(request, found, pageNumber);
      if (content === null) return sendErrorPage(context.pages, request, reply, 404);
      const base = profilePath(user.name, section);
      const actions = found.isSelf
        ? []
        : await context.pageSlots.nodes("profile.actions", { app: context, viewer: request.viewer, user });
      const showBanned = request.viewer.has(["community.moderate", "users.edit"]);
      const body = html`<div class="profilePage">
        ${profileHeader(
          user,
          {
            restricted,
            isSelf: found.isSelf,
            actions: renderPageTreeHtml(actions, {}, { t, viewer: request.viewer }),
            showBanned,
          },
          t,
        )}
        ${restricted ? "" : profileTabs(user, section, t)}
        ${content}
      </div>`;
      return context.pages.send(request, reply, {
        title: user.name,
        body,
        canonicalPath: pageNumber > 1 ? `${base}/p${pageNumber}` : base,
        noIndex: restricted,
      });
    };

  const overview = page("", async (request, found) => {
    const [activity, reactions, sections] = await Promise.all([
      recentActivity(context, request.viewer, found.user.userID, RECENT_ACTIVITY_LIMIT),
      profileReactions(context, found.user.userID, undefined),
      context.pageSlots.nodes("profile.overview", { app: context, viewer: request.viewer, user: found.user }),
    ]);
    return html`${profileOverview(found.user, activity, reactions ?? [], request.t)}
      ${renderPageTreeHtml(sections, {}, { t: request.t, viewer: request.viewer })}`;
  });

  const discussions = page("discussions", async (request, found, pageNumber) => {
    const { t } = request;
    const list = await profileDiscussions(context, request.viewer, found.user.userID, pageNumber);
    if (pageNumber > 1 && list.items.length === 0) return null;
    return html`<section class="profileSection" aria-labelledby="profileSection-title">
      <h2 class="profileSection-title" id="profileSection-title">${t("Discussions")}</h2>
      ${discussionList(list.items, t, request.viewer)}
      ${profilePager(list, profilePath(found.user.name, "discussions"), t)}
    </section>`;
  });

  const comments = page("comments", async (request, found, pageNumber) => {
    const { t } = request;
    const list = await profileComments(context, request.viewer, found.user.userID, pageNumber);
    if (pageNumber > 1 && list.items.length === 0) return null;
    return html`<section class="profileSection" aria-labelledby="profileSection-title">
      <h2 class="profileSection-title" id="profileSection-title">${t("Comments")}</h2>
      ${profileCommentList(list.items, t)}
      ${profilePager(list, profilePath(found.user.name, "comments"), t)}
    </section>`;
  });

  const reactions = page("reactions", async (request, found) => {
    const { t } = request;
    const reaction = typeof request.query.reaction === "string" ? request.query.reaction : undefined;
    const received = await profileReactions(context, found.user.userID, reaction);
    if (received === null) return null;
    return html`<section class="profileSection" aria-labelledby="profileSection-title">
      <h2 class="profileSection-title" id="profileSection-title">${t("Reactions Received")}</h2>
      ${profileReactionList(found.user.name, received, reaction, t)}
    </section>`;
  });

  profileEditPageRoutes(app, context);
  notificationPreferencesPageRoutes(app, context);
  app.get("/profile", async (request, reply) => {
    if (request.viewer.isGuest) return sendErrorPage(context.pages, request, reply, 403);
    return reply.redirect(profilePath(request.viewer.user.name), 302);
  });
  app.get("/profile/discussions/:name", discussions);
  app.get("/profile/discussions/:name/:page", discussions);
  app.get("/profile/comments/:name", comments);
  app.get("/profile/comments/:name/:page", comments);
  app.get("/profile/reactions/:name", reactions);
  app.get("/profile/:name", overview);
}
