import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import { Type } from "@sinclair/typebox";
import { QnaStatusSchema } from "../../api/qnaApi";
import { qnaStatusOf } from "../../api/qnaStatuses";
import { acceptedCommentIDs } from "./qnaQueries";
import { QUESTION_TYPE } from "./questionStatus";

/** `qnaStatus` on questions and `qnaAccepted: true` on accepted answers, in every API response. */
export function registerQnaPresenters(registrar: AddonRegistrar): void {
  registrar.presenter("discussion", {
    field: "qnaStatus",
    schema: QnaStatusSchema,
    load: async (discussionIDs, _viewer, context) => {
      const rows = await context.db
        .selectFrom("discussions")
        .select(["discussionID", "statusID"])
        .where("discussionID", "in", [...discussionIDs])
        .where("type", "=", QUESTION_TYPE)
        .execute();
      return new Map(rows.map((row) => [row.discussionID, qnaStatusOf(row.statusID)]));
    },
  });
  registrar.presenter("comment", {
    field: "qnaAccepted",
    schema: Type.Boolean(),
    load: async (commentIDs, _viewer, context) => {
      const accepted = await acceptedCommentIDs(context.db, commentIDs);
      return new Map([...accepted].map((commentID) => [commentID, true]));
    },
  });
}
