import "../../api/qnaWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { Discussion } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { qnaStatusOf } from "../../api/qnaStatuses";
import { MODERATORS } from "./qnaCommands";
import { acceptedAnswersOf } from "./qnaQueries";
import { QUESTION_TYPE } from "./questionStatus";
import { readOncePerPage } from "@library/server/pages/pageSlots";

/** The accepted answers of the page's question, read once per page (every answer's widget asks). */
const acceptedOf = readOncePerPage((app: AppContext, discussion: Discussion): Promise<Set<number>> =>
  app.db
    .selectFrom("qnaAcceptedAnswers")
    .select("commentID")
    .where("discussionID", "=", discussion.discussionID)
    .execute()
    .then((rows) => new Set(rows.map((row) => row.commentID))),
);

/**
 * Under a question: its status and accepted answers. Beside each answer: Accept / Accepted. Both are the same
 * for every member of the same roles (the client shows the asker their button), so pages stay shared.
 */
export function registerQnaWidgets(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "QnaAcceptedAnswers",
    sort: -5,
    props: async ({ app, discussion }) => {
      if (discussion.type !== QUESTION_TYPE) return null;
      const accepted = await acceptedAnswersOf(app.db, [discussion.discussionID]);
      return {
        discussionID: discussion.discussionID,
        status: qnaStatusOf(discussion.statusID),
        acceptedAnswers: accepted.get(discussion.discussionID) ?? [],
      };
    },
  });
  registrar.pageSlot("post.actions", {
    component: "QnaAcceptAnswer",
    props: async ({ app, viewer, discussion, recordType, recordID }) => {
      if (recordType !== "comment" || discussion.type !== QUESTION_TYPE) return null;
      return {
        commentID: recordID,
        accepted: (await acceptedOf(app, discussion)).has(recordID),
        askerUserID: discussion.insertUserID,
        canModerate: !viewer.isGuest && viewer.has(MODERATORS),
      };
    },
  });
}
