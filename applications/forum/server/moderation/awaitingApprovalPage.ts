import { HELD_POST_MESSAGE } from "@forum/api/moderationQueue";
import type { AppContext } from "@library/server/app/appContext";
import { html, raw } from "@library/server/pages/html";
import type { FastifyInstance } from "fastify";
import { discussionUrl } from "../content/urls";
import { AWAITING_APPROVAL_PATH } from "./holdPosts";
import { presentItems } from "./moderationQueries";
import "./moderationTables";

/**
 * `/awaiting-approval`: the signed-in member's own held posts, each marked 'Awaiting approval' (or 'Not
 * approved' once a moderator declined it). Nobody else sees them until a moderator approves them. The 202 of
 * a held post leads here.
 */
export function awaitingApprovalPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get(AWAITING_APPROVAL_PATH, async (request, reply) => {
    const { t, viewer } = request;
    if (viewer.isGuest)
      return reply.redirect(`/entry/signin?Target=${encodeURIComponent(AWAITING_APPROVAL_PATH)}`);
    const rows = await context.db
      .selectFrom("moderationItems")
      .selectAll()
      .where("recordUserID", "=", viewer.userID)
      .where("itemType", "in", ["premoderation", "spam"])
      .where("status", "in", ["pending", "escalated", "rejected"])
      .where("recordID", ">", 0)
      .orderBy("itemID", "desc")
      .limit(50)
      .execute();
    const items = await presentItems(context, rows);
    const title = t("Awaiting approval");
    const list = items.length
      ? html`<ol class="awaitingApproval-list">
          ${items.map(
            (item) =>
              html`<li class="awaitingApproval-item" id="${item.recordType}-${item.recordID}">
                <div class="awaitingApproval-meta">
                  <span class="awaitingApproval-status awaitingApproval-status--${item.status}">
                    ${item.status === "rejected" ? t("Not approved") : t("Awaiting approval")}
                  </span>
                  ${
                    item.recordType === "comment"
                      ? html`<span
                        >${t("Comment in")}
                        <a href="${discussionUrl(item.discussionID, item.recordName)}">${item.recordName}</a></span
                      >`
                      : html`<strong>${item.recordName}</strong>`
                  }
                </div>
                <div class="userContent awaitingApproval-body" dir="auto">${raw(item.bodyHtml)}</div>
              </li>`,
          )}
        </ol>`
      : html`<p class="emptyMessage">${t("You have no posts waiting for approval.")}</p>`;
    const body = html`<div class="listPage awaitingApproval">
      <div class="listPage-header"><h1 class="listPage-title">${title}</h1></div>
      ${
        items.some((item) => item.status !== "rejected")
          ? html`<p class="awaitingApproval-message" role="status">${t(HELD_POST_MESSAGE)}</p>`
          : ""
      }
      ${list}
    </div>`;
    return context.pages.send(request, reply, { title, body, noIndex: true });
  });
}
