import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { html } from "@library/server/pages/html";
import { memberOverlaysOf } from "@library/server/pages/memberOverlays";
import { fillPageTreeHoles } from "@library/server/pages/pageTreeHtml";
import { rolesKey } from "@library/server/permissions/sharedViewer";
import type { DiscussionRow } from "../discussions/discussionRows";
import { ContentDigest } from "@library/server/http/contentDigest";
import { sectionBasePath } from "@library/server/http/siteSections";
import { pageTreeRequest } from "../pageTrees/builtPage";
import type { DiscussionPageArgs } from "../pageTrees/discussionPageTree";
import { forumNodeHtml } from "../pageTrees/forumNodeHtml";
import { getCategoryTree } from "../categories/categoryTree";
import { resolveReplyDisplay } from "../comments/replyDisplay";
import { recordReading } from "../readState/discussionReading";
import { memberHolesOf, memberOverlayFor } from "./discussionMemberOverlay";
import { loadDiscussionMemberState } from "./discussionMemberState";
import {
  mayShareDiscussionPage,
  sharedDiscussionPage,
  storedReplyDisplay,
} from "./sharedDiscussionPageCache";

export { discussionRowForPage } from "./sharedDiscussionPageCache";

/**
 * A member's discussion page in three parts: the shared rendering, made once for every member with the same
 * roles (sharedDiscussionPageCache.ts), the member's own state read per request (discussionMemberState.ts:
 * their reactions, bookmark, mute and dismiss state, first unread comment, what they may do with their own
 * posts), and the member overlay that writes that state into the shared rendering's holes
 * (discussionMemberOverlay.ts, which add-on widgets join). The title bar and bootstrap are the request's own.
 */

const LAYOUT_PAGE_END = Buffer.from("</div>");

/**
 * Sends the discussion page to a signed-in member from the shared rendering: false (nothing sent) when this
 * request needs a page of its own (a guest, a first unread comment on this page, a per-member widget that did
 * not join the overlay, the feature off). A boolean, not the reply: a reply is thenable and awaiting it would
 * wait for the response to finish.
 */
export async function sendSharedDiscussionPage(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  pageArgs: DiscussionPageArgs & { row: DiscussionRow },
): Promise<boolean> {
  const { viewer } = request;
  if (!mayShareDiscussionPage(context, request)) return false;
  // A member an add-on lets see more (a group's discussions) may read what the shared rendering may not.
  if ((await discussionVisibility(context).forViewer(context, viewer)).key !== "") return false;
  if (
    pageArgs.focusCommentID !== undefined ||
    context.pageSlots.hasPerMemberWidgets(memberOverlaysOf(context).components())
  )
    return false;
  const display = await resolveReplyDisplay(
    context.db,
    viewer,
    await getCategoryTree(context.db),
    pageArgs.row.categoryID,
    { requested: pageArgs.replyDisplay, stored: await storedReplyDisplay(context, viewer) },
  );
  // Object.assign, not a leading spread with a new field: docs/performance.md.
  const args = Object.assign({}, pageArgs, { display });
  const origin = pageTreeRequest(context, request).origin;
  const key = [
    args.discussionID,
    args.page,
    args.sort,
    args.replyDisplay ?? "",
    display,
    origin,
    // A section's page links inside it.
    sectionBasePath(request),
    rolesKey(viewer),
    // The page's text is in the reader's language.
    request.locale,
  ].join("|");
  const page = await sharedDiscussionPage(context, request, args, key, memberHolesOf(context));
  const state = await loadDiscussionMemberState(context, request, page, args);
  if (!state) return false;
  const content = fillPageTreeHoles(
    page.rendered,
    forumNodeHtml,
    { t: request.t, viewer },
    await memberOverlayFor(context, state),
    page.variants,
  );
  recordReading(context, viewer, state.reading);
  const { before, after } = await context.pages.renderAround(request, {
    title: page.title,
    description: page.description,
    canonicalPath: page.canonicalPath,
  });
  const open = html`<div class="layoutPage" data-layout-view-type="${page.layoutViewType}">`.value;
  const head = [...before, Buffer.from(open)];
  const tail = [LAYOUT_PAGE_END, ...after];
  const body = Buffer.concat([...head, ...content.chunks, ...tail]);
  // The shared rendering's hash stands for its bytes; the request's own pieces are hashed as they are sent.
  const hash = new ContentDigest().update(page.hash).update("\n").update(content.changed).update("\n");
  for (const piece of head) hash.update(piece);
  hash.update("\n");
  for (const piece of tail) hash.update(piece);
  const etag = `W/"${hash.digest()}"`;
  void context.pages.sendRendered(request, reply, body, { etag });
  return true;
}
