import type { Question } from "../../api/qnaApi";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls for Q&A, over the shared `apiv2` instance. */

export async function acceptAnswer(commentID: number): Promise<Question> {
  return (await apiv2.put<Question>(`qna/answers/${commentID}/accept`)).data;
}

export async function unacceptAnswer(commentID: number): Promise<Question> {
  return (await apiv2.delete<Question>(`qna/answers/${commentID}/accept`)).data;
}
