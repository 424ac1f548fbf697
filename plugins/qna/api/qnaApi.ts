import { Type, type Static } from "@sinclair/typebox";

/** The Q&A add-on's contract, kept with it so the add-on stays removable. */

export const QnaStatusSchema = Type.Union([
  Type.Literal("unanswered"),
  Type.Literal("answered"),
  Type.Literal("accepted"),
]);

export const AcceptedAnswerSchema = Type.Object({
  commentID: Type.Integer(),
  discussionID: Type.Integer(),
  insertUserID: Type.Integer(),
  authorName: Type.String(),
  /** The answer's text, shortened. */
  excerpt: Type.String(),
  url: Type.String(),
  acceptedByUserID: Type.Integer(),
  dateAccepted: Type.String(),
});
export type AcceptedAnswer = Static<typeof AcceptedAnswerSchema>;

export const QuestionSchema = Type.Object({
  discussionID: Type.Integer(),
  status: QnaStatusSchema,
  acceptedAnswers: Type.Array(AcceptedAnswerSchema),
});
export type Question = Static<typeof QuestionSchema>;

export const QuestionParamsSchema = Type.Object({ discussionID: Type.Integer({ minimum: 1 }) });
export const AnswerParamsSchema = Type.Object({ commentID: Type.Integer({ minimum: 1 }) });
