import type { Poll } from "../../api/pollsApi";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls for polls, over the shared `apiv2` instance. */

export async function getPoll(discussionID: number): Promise<Poll> {
  return (await apiv2.get<Poll>(`polls/${discussionID}`)).data;
}

export async function putVote(discussionID: number, optionIDs: number[]): Promise<Poll> {
  return (await apiv2.put<Poll>(`polls/${discussionID}/vote`, { optionIDs })).data;
}

export async function deletePollVote(discussionID: number): Promise<Poll> {
  return (await apiv2.delete<Poll>(`polls/${discussionID}/vote`)).data;
}

export async function patchPoll(discussionID: number, closed: boolean): Promise<Poll> {
  return (await apiv2.patch<Poll>(`polls/${discussionID}`, { closed })).data;
}
