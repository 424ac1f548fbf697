import { QNA_STATUSES, type QnaStatus } from "./qnaStatuses";

/** The statuses the list filter offers, in order, with their labels (translated where shown). */
export const QNA_FILTER_STATUSES: readonly { status: QnaStatus; label: string }[] = [
  { status: "unanswered", label: "Unanswered" },
  { status: "answered", label: "Answered" },
  { status: "accepted", label: "Accepted" },
];

/** The list of questions of one status: `{listUrl}?type=question&statusID=…`. */
export function qnaFilterUrl(listUrl: string, status: QnaStatus): string {
  return `${listUrl}?type=question&statusID=${QNA_STATUSES[status]}`;
}
