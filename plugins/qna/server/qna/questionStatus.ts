import type { DbOrTx } from "@library/server/db/database";
import { QNA_STATUSES } from "../../api/qnaStatuses";
import "../tables";

export const QUESTION_TYPE = "question";

/** `/discussion/comment/{id}#Comment_{id}` (API.md 8.1). */
export function answerUrl(commentID: number): string {
  return `/discussion/comment/${commentID}#Comment_${commentID}`;
}

/**
 * Stores a question's status from its rows: accepted with an accepted answer still live, answered with a live
 * comment by someone other than the asker, else unanswered. Idempotent: jobs may call it again.
 */
export async function refreshQuestionStatus(db: DbOrTx, discussionID: number): Promise<number | null> {
  const question = await db
    .selectFrom("discussions")
    .select(["insertUserID", "statusID"])
    .where("discussionID", "=", discussionID)
    .where("type", "=", QUESTION_TYPE)
    .executeTakeFirst();
  if (!question) return null;
  const [accepted, answered] = await Promise.all([
    db
      .selectFrom("qnaAcceptedAnswers")
      .innerJoin("comments", "comments.commentID", "qnaAcceptedAnswers.commentID")
      .select("qnaAcceptedAnswers.commentID")
      .where("qnaAcceptedAnswers.discussionID", "=", discussionID)
      .where("comments.deleteLogID", "is", null)
      .executeTakeFirst(),
    db
      .selectFrom("comments")
      .select("commentID")
      .where("discussionID", "=", discussionID)
      .where("insertUserID", "!=", question.insertUserID)
      .where("deleteLogID", "is", null)
      .executeTakeFirst(),
  ]);
  const statusID = accepted
    ? QNA_STATUSES.accepted
    : answered
      ? QNA_STATUSES.answered
      : QNA_STATUSES.unanswered;
  if (statusID !== question.statusID)
    await db.updateTable("discussions").set({ statusID }).where("discussionID", "=", discussionID).execute();
  return statusID;
}
