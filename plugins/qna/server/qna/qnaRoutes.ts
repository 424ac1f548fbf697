import type { AppContext } from "@library/server/app/appContext";
import { forumServices } from "@library/server/addons/forumServices";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { AnswerParamsSchema, QuestionParamsSchema, QuestionSchema, type Question } from "../../api/qnaApi";
import { qnaStatusOf } from "../../api/qnaStatuses";
import { questionOfAnswer, setAnswerAccepted } from "./qnaCommands";
import { acceptedAnswersOf } from "./qnaQueries";
import { QUESTION_TYPE } from "./questionStatus";

/** A question the viewer may see, with its status and accepted answers (404 for any other discussion). */
export async function presentQuestion(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
): Promise<Question> {
  const row = await forumServices().viewableDiscussion(context, viewer, discussionID);
  if (row.type !== QUESTION_TYPE) throw new NotFoundError("Question");
  const stored = await context.db
    .selectFrom("discussions")
    .select("statusID")
    .where("discussionID", "=", discussionID)
    .executeTakeFirstOrThrow();
  const accepted = await acceptedAnswersOf(context.db, [discussionID]);
  return {
    discussionID,
    status: qnaStatusOf(stored.statusID),
    acceptedAnswers: accepted.get(discussionID) ?? [],
  };
}

/**
 * `GET /qna/questions/{discussionID}` (anyone who may see it), `PUT` and `DELETE
 * /qna/answers/{commentID}/accept` (the asker or a moderator): each answers the question as it is now.
 */
export function qnaRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/qna/questions/:discussionID",
    { schema: { params: QuestionParamsSchema, response: { 200: QuestionSchema } } },
    async (request) => presentQuestion(context, request.viewer, request.params.discussionID),
  );

  for (const [method, accepted] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const)
    routes.route({
      method,
      url: "/qna/answers/:commentID/accept",
      schema: { params: AnswerParamsSchema, response: { 200: QuestionSchema } },
      handler: async (request) => {
        const { commentID } = request.params;
        const { discussionID } = await questionOfAnswer(context, commentID);
        await forumServices().viewableDiscussion(context, request.viewer, discussionID);
        await setAnswerAccepted(context, request.viewer, commentID, accepted);
        noteChanged(request, recordNames.discussion(discussionID), recordNames.comment(commentID));
        return presentQuestion(context, request.viewer, discussionID);
      },
    });
}
