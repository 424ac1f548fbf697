/**
 * A question's public status, kept in the discussion's `statusID` so lists filter by it
 * (`GET /discussions?type=question&statusID=…`): unanswered until someone other than the asker answers,
 * accepted once an answer is accepted.
 */
export const QNA_STATUSES = { unanswered: 0, answered: 1, accepted: 2 } as const;
export type QnaStatus = keyof typeof QNA_STATUSES;

export function qnaStatusOf(statusID: number): QnaStatus {
  if (statusID === QNA_STATUSES.accepted) return "accepted";
  return statusID === QNA_STATUSES.answered ? "answered" : "unanswered";
}
