import { defineAddon } from "@library/server/addons/defineAddon";
import type { FastifyInstance } from "fastify";
import { qnaMigrations } from "./migrations/qnaMigrations";
import { NOTIFY_ACCEPTED_JOB, notifyAccepted, notifyAnswered } from "./qna/qnaNotifications";
import { registerQnaPresenters } from "./qna/qnaPresenters";
import { qnaRoutes } from "./qna/qnaRoutes";
import { registerQnaStatusFilter } from "./qna/qnaStatusFilter";
import { registerQnaWidgets } from "./qna/qnaWidgets";
import { QUESTION_TYPE, refreshQuestionStatus } from "./qna/questionStatus";
import { seedQnaDemo } from "./seed/qnaSeed";
import "./tables";

/**
 * Q&A: the `question` post type; its answers are comments, which the asker or a moderator accepts (one or
 * more, and un-accepts). A question's status (unanswered, answered, accepted) is its `statusID`, so
 * `GET /discussions?type=question&statusID=…` filters by it. The asker hears of the first answer, the
 * answerer of the acceptance, each once. Disabling the add-on removes the type, routes and widgets; accepted
 * answers stay.
 */
export const qnaAddon = defineAddon({
  key: "qna",
  migrations: qnaMigrations,
  register(registrar, context) {
    registrar.discussionType({ type: QUESTION_TYPE, label: "Question" });
    registrar.apiRoutes(async (api) => {
      await api.register(async (scope: FastifyInstance) => qnaRoutes(scope, context));
    });
    registerQnaWidgets(registrar);
    registerQnaStatusFilter(registrar);
    registerQnaPresenters(registrar);
    registrar.on("comment.created", async ({ commentID, discussionID }) => {
      if ((await refreshQuestionStatus(context.db, discussionID)) !== null)
        await notifyAnswered(context, commentID);
    });
    registrar.on("comment.deleted", async ({ commentID }) => {
      const row = await context.db
        .selectFrom("comments")
        .select("discussionID")
        .where("commentID", "=", commentID)
        .executeTakeFirst();
      if (row) await refreshQuestionStatus(context.db, row.discussionID);
    });
    registrar.job<{ commentID: number; acceptedByUserID: number }>(NOTIFY_ACCEPTED_JOB, (job) =>
      notifyAccepted(context, job),
    );
  },
  seedDemo: seedQnaDemo,
});
