import type { AppContext } from "@library/server/app/appContext";
import { excerptOf } from "@library/server/formats/renderBody";
import {
  createNotifications,
  deliverNotifications,
  type NewNotification,
} from "@library/server/notifications/createNotifications";
import { answerUrl, QUESTION_TYPE } from "./questionStatus";
import "../tables";

export const ANSWERED_NOTIFICATION = "QuestionAnswered";
export const ACCEPTED_NOTIFICATION = "AnswerAccepted";
export const NOTIFY_ACCEPTED_JOB = "qna.notifyAccepted";

/** Stores the notifications (once per source key and member, however often the job runs), then delivers them. */
async function notifyOnce(context: AppContext, item: NewNotification, sourceKey: string): Promise<void> {
  const mailSender = (await context.mailer.smtp()) ? context.mailer : null;
  const delivery = await context.db
    .transaction()
    .execute((trx) =>
      createNotifications(trx, [item], { siteUrl: context.config.siteUrl, mailSender, sourceKey }),
    );
  await deliverNotifications(context, delivery);
}

/** The asker hears of the first answer by someone else to their question (once per question). */
export async function notifyAnswered(context: AppContext, commentID: number): Promise<void> {
  const row = await context.db
    .selectFrom("comments")
    .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
    .innerJoin("users", "users.userID", "comments.insertUserID")
    .select([
      "comments.discussionID",
      "comments.insertUserID as answererID",
      "discussions.insertUserID as askerID",
      "discussions.name as question",
      "users.name as answerer",
    ])
    .where("comments.commentID", "=", commentID)
    .where("comments.deleteLogID", "is", null)
    .where("discussions.type", "=", QUESTION_TYPE)
    .executeTakeFirst();
  if (!row || row.answererID === row.askerID) return;
  await notifyOnce(
    context,
    {
      userID: row.askerID,
      activityType: ANSWERED_NOTIFICATION,
      recordType: "comment",
      recordID: commentID,
      url: answerUrl(commentID),
      body: `**${row.answerer}** answered your question **${row.question}**.`,
      photoUrl: null,
      actorUserID: row.answererID,
      discussionID: row.discussionID,
    },
    `qna:answered:${row.discussionID}`,
  );
}

/** The answerer hears that their answer was accepted (once per answer, even if it is accepted again). */
export async function notifyAccepted(
  context: AppContext,
  job: { commentID: number; acceptedByUserID: number },
): Promise<void> {
  const row = await context.db
    .selectFrom("qnaAcceptedAnswers")
    .innerJoin("comments", "comments.commentID", "qnaAcceptedAnswers.commentID")
    .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
    .select(["comments.insertUserID", "comments.discussionID", "comments.bodyText", "discussions.name"])
    .where("qnaAcceptedAnswers.commentID", "=", job.commentID)
    .where("comments.deleteLogID", "is", null)
    .executeTakeFirst();
  if (!row) return;
  await notifyOnce(
    context,
    {
      userID: row.insertUserID,
      activityType: ACCEPTED_NOTIFICATION,
      recordType: "comment",
      recordID: job.commentID,
      url: answerUrl(job.commentID),
      body: `Your answer to **${row.name}** was accepted: ${excerptOf(row.bodyText, 120)}`,
      photoUrl: null,
      actorUserID: job.acceptedByUserID,
      discussionID: row.discussionID,
    },
    `qna:accepted:${job.commentID}`,
  );
}
