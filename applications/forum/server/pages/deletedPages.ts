import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { html } from "@library/server/pages/html";
import { getCategoryTree, hasCategoryPermission } from "../categories/categoryTree";
import { LOG_READERS } from "../changeLog/changeLogQueries";
import {
  deletedRecordError,
  RecordDeletedError,
  type DeletedRecordType,
} from "../discussions/deletedRecords";

/** Where a moderator restores a deleted record: the discussion's history, or its Deleted Comments. */
export function restoreUrl(error: RecordDeletedError): string {
  return error.recordType === "discussion"
    ? `/log/filter?recordType=discussion&recordID=${error.recordID}`
    : `/log/filter?parentRecordID=${error.discussionID}&recordType=comment&operation=delete`;
}

/**
 * The page of a deleted discussion or comment: 410 Gone with a friendly text for readers; moderators (those who
 * read the change log, or may delete such posts in the category) also get the way to restore it.
 */
export async function sendDeletedPage(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  error: RecordDeletedError,
  categoryID: number,
): Promise<FastifyReply> {
  const { t, viewer } = request;
  const tree = await getCategoryTree(context.db);
  const permission = error.recordType === "discussion" ? "discussions.delete" : "comments.delete";
  const canRestore = viewer.has(LOG_READERS) || hasCategoryPermission(tree, viewer, permission, categoryID);
  const isDiscussion = error.recordType === "discussion";
  const title = isDiscussion ? t("Discussion Deleted") : t("Comment Deleted");
  const restore = canRestore
    ? html`<p class="errorPage-description">${t("Moderators can restore it from the change log.")}</p>
        <a class="button button-primary" href="${restoreUrl(error)}">${t("Restore")}</a>`
    : "";
  const body = html`<div class="errorPage" role="alert">
    <h1 class="errorPage-title">${title}</h1>
    <p class="errorPage-description">
      ${isDiscussion ? t("This discussion has been deleted.") : t("This comment has been deleted.")}
    </p>
    ${restore}
    <a class="button${canRestore ? "" : " button-primary"}" href="/">${t("Back to home page")}</a>
  </div>`;
  return context.pages.send(request, reply, { title, body, status: 410, noIndex: true });
}

/**
 * For a discussion or comment page whose record is not live: the 410 page when it was deleted, the 403 page when
 * the reader may not see its category, else null (unknown: the caller answers 404).
 */
export async function sendPageOfMissingRecord(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  recordType: DeletedRecordType,
  recordID: number,
): Promise<FastifyReply | null> {
  const tree = await getCategoryTree(context.db);
  const error = await deletedRecordError(context.db, tree, request.viewer, recordType, recordID);
  if (error === null) return null;
  if (!(error instanceof RecordDeletedError))
    return sendErrorPage(context.pages, request, reply, error.status);
  const discussion = await context.db
    .selectFrom("discussions")
    .select("categoryID")
    .where("discussionID", "=", error.discussionID)
    .executeTakeFirstOrThrow();
  return sendDeletedPage(context, request, reply, error, discussion.categoryID);
}
