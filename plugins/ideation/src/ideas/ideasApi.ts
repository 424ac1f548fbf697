import type { Idea } from "../../api/ideationApi";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls for ideas, over the shared `apiv2` instance. */

export async function getIdea(discussionID: number): Promise<Idea> {
  return (await apiv2.get<Idea>(`ideas/${discussionID}`)).data;
}

export async function putIdeaVote(discussionID: number, value: 1 | -1): Promise<Idea> {
  return (await apiv2.put<Idea>(`ideas/${discussionID}/vote`, { value })).data;
}

export async function deleteIdeaVote(discussionID: number): Promise<Idea> {
  return (await apiv2.delete<Idea>(`ideas/${discussionID}/vote`)).data;
}

export async function putIdeaStatus(
  discussionID: number,
  statusID: number,
  statusNotes: string,
): Promise<Idea> {
  return (await apiv2.put<Idea>(`ideas/${discussionID}/status`, { statusID, statusNotes })).data;
}
