import type { DbOrTx } from "@library/server/db/database";
import { excerptOf } from "@library/server/formats/renderBody";
import { toApiDate } from "@library/server/http/dates";
import type { AcceptedAnswer } from "../../api/qnaApi";
import { answerUrl } from "./questionStatus";
import "../tables";

const EXCERPT_LENGTH = 280;

/** The live accepted answers of these questions, oldest accepted first, by question. */
export async function acceptedAnswersOf(
  db: DbOrTx,
  discussionIDs: readonly number[],
): Promise<Map<number, AcceptedAnswer[]>> {
  const byQuestion = new Map<number, AcceptedAnswer[]>();
  if (discussionIDs.length === 0) return byQuestion;
  const rows = await db
    .selectFrom("qnaAcceptedAnswers")
    .innerJoin("comments", "comments.commentID", "qnaAcceptedAnswers.commentID")
    .innerJoin("users", "users.userID", "comments.insertUserID")
    .select([
      "qnaAcceptedAnswers.commentID",
      "qnaAcceptedAnswers.discussionID",
      "qnaAcceptedAnswers.acceptedByUserID",
      "qnaAcceptedAnswers.dateAccepted",
      "comments.insertUserID",
      "comments.bodyText",
      "users.name",
    ])
    .where("qnaAcceptedAnswers.discussionID", "in", [...discussionIDs])
    .where("comments.deleteLogID", "is", null)
    .orderBy("qnaAcceptedAnswers.dateAccepted")
    .orderBy("qnaAcceptedAnswers.commentID")
    .execute();
  for (const row of rows) {
    const list = byQuestion.get(row.discussionID) ?? [];
    list.push({
      commentID: row.commentID,
      discussionID: row.discussionID,
      insertUserID: row.insertUserID,
      authorName: row.name,
      excerpt: excerptOf(row.bodyText, EXCERPT_LENGTH),
      url: answerUrl(row.commentID),
      acceptedByUserID: row.acceptedByUserID,
      dateAccepted: toApiDate(row.dateAccepted),
    });
    byQuestion.set(row.discussionID, list);
  }
  return byQuestion;
}

/** Which of these comments are accepted answers. */
export async function acceptedCommentIDs(db: DbOrTx, commentIDs: readonly number[]): Promise<Set<number>> {
  if (commentIDs.length === 0) return new Set();
  const rows = await db
    .selectFrom("qnaAcceptedAnswers")
    .select("commentID")
    .where("commentID", "in", [...commentIDs])
    .execute();
  return new Set(rows.map((row) => row.commentID));
}
