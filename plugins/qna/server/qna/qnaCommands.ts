import type { AppContext } from "@library/server/app/appContext";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { NOTIFY_ACCEPTED_JOB } from "./qnaNotifications";
import { QUESTION_TYPE, refreshQuestionStatus } from "./questionStatus";
import "../tables";

export const MODERATORS = ["site.manage", "community.moderate"];

/** The asker or a moderator may accept and un-accept the answers of a question. */
export function canAcceptAnswers(viewer: Viewer, question: { insertUserID: number }): boolean {
  if (viewer.isGuest) return false;
  return question.insertUserID === viewer.userID || viewer.has(MODERATORS);
}

/** The discussion of a live comment, when it is a question (404 otherwise). */
export async function questionOfAnswer(
  context: AppContext,
  commentID: number,
): Promise<{ discussionID: number }> {
  const row = await context.db
    .selectFrom("comments")
    .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
    .select("comments.discussionID")
    .where("comments.commentID", "=", commentID)
    .where("comments.deleteLogID", "is", null)
    .where("discussions.type", "=", QUESTION_TYPE)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Answer");
  return row;
}

/**
 * Accepts (or un-accepts) an answer: under the question's lock, checked again inside the transaction, with the
 * question's status stored anew and, on a first acceptance, the answerer's notification as a job.
 */
export async function setAnswerAccepted(
  context: AppContext,
  viewer: Viewer,
  commentID: number,
  accepted: boolean,
): Promise<number> {
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const comment = await trx
      .selectFrom("comments")
      .select(["discussionID"])
      .where("commentID", "=", commentID)
      .where("deleteLogID", "is", null)
      .executeTakeFirst();
    const question = comment
      ? await trx
          .selectFrom("discussions")
          .select(["discussionID", "insertUserID"])
          .where("discussionID", "=", comment.discussionID)
          .where("type", "=", QUESTION_TYPE)
          .where("deleteLogID", "is", null)
          .$call(forUpdate(context.dialect))
          .executeTakeFirst()
      : undefined;
    if (!question) throw new NotFoundError("Answer");
    if (!canAcceptAnswers(viewer, question)) throw new PermissionError(["community.moderate"]);
    if (accepted) {
      const inserted = await trx
        .insertInto("qnaAcceptedAnswers")
        .values({
          commentID,
          discussionID: question.discussionID,
          acceptedByUserID: viewer.userID,
          dateAccepted: nowIso(),
        })
        .onConflict((conflict) => conflict.column("commentID").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
        await context.jobs.enqueue(trx, NOTIFY_ACCEPTED_JOB, { commentID, acceptedByUserID: viewer.userID });
    } else {
      await trx.deleteFrom("qnaAcceptedAnswers").where("commentID", "=", commentID).execute();
    }
    await refreshQuestionStatus(trx, question.discussionID);
    return question.discussionID;
  });
}
