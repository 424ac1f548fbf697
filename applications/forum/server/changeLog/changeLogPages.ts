import type { ChangeLogListProps, ChangeLogQuery } from "@forum/api/changeLog";
import type { AppContext } from "@library/server/app/appContext";
import { HttpError } from "@library/server/errors/httpErrors";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { html, widget } from "@library/server/pages/html";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { discussionUrl } from "../content/urls";
import { listChangeLog } from "./changeLogQueries";

type LogRequest = FastifyRequest<{ Querystring: Record<string, string | undefined> }>;

const ID = /^\d{1,10}$/;

/** The page's query, or null when it is not one of the two SPEC pages' shapes. */
function logQuery(raw: Record<string, string | undefined>): ChangeLogQuery | null {
  const { recordType, recordID, parentRecordID, operation } = raw;
  if (recordType === "discussion" && recordID && ID.test(recordID) && parentRecordID === undefined)
    return { recordType, recordID: Number(recordID), ...(operation === "edit" ? { operation } : {}) };
  if (recordType === "comment" && parentRecordID && ID.test(parentRecordID) && operation === "delete")
    return { recordType, parentRecordID: Number(parentRecordID), operation, limit: 100 };
  return null;
}

/** One entry as text for readers without JavaScript: what, who, when. */
function fallbackLine(operation: string, who: string, when: string): string {
  return `${operation} · ${who} · ${when}`;
}

/**
 * `/log/filter` (SPEC 1): a discussion's Revision History (`recordType=discussion&recordID=`) or its Deleted
 * Comments (`parentRecordID=…&recordType=comment&operation=delete`), for moderators, each entry restorable.
 */
export function changeLogPageRoutes(app: FastifyInstance, context: AppContext): void {
  app.get("/log/filter", async (request: LogRequest, reply) => {
    const { t, viewer } = request;
    if (viewer.isGuest) return sendErrorPage(context.pages, request, reply, 403);
    const query = logQuery(request.query);
    if (!query) return sendErrorPage(context.pages, request, reply, 404);
    let result;
    try {
      result = await listChangeLog(context, viewer, { ...query, limit: 100 });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return sendErrorPage(context.pages, request, reply, error.status === 403 ? 403 : 404);
    }
    const { discussion, entries } = result;
    const mode = query.recordType === "discussion" ? "history" : "deletedComments";
    const title = mode === "history" ? t("Revision History") : t("Deleted Comments");
    const props: ChangeLogListProps = {
      entries,
      mode,
      discussion: {
        discussionID: discussion.discussionID,
        name: discussion.name,
        url: discussionUrl(discussion.discussionID, discussion.name),
      },
    };
    const fallback = entries.length
      ? html`<ol class="changeLog-list">
          ${entries.map(
            (entry) =>
              html`<li class="changeLog-entry">${fallbackLine(entry.operation === "edit" ? t("Edited") : t("Deleted"), entry.insertUser.name, entry.dateInserted)}</li>`,
          )}
        </ol>`
      : html`<p class="emptyMessage">${t("Nothing has been logged here yet.")}</p>`;
    const body = html`<div class="listPage">
      <div class="listPage-header">
        <h1 class="listPage-title">${title}</h1>
        <a class="changeLog-back" href="${props.discussion?.url ?? "/"}">${discussion.name}</a>
      </div>
      ${widget("div", "ChangeLogList", props, fallback, { class: "changeLog" })}
    </div>`;
    return context.pages.send(request, reply, { title, body, noIndex: true });
  });
}
