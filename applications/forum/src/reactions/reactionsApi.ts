import type { ReactionLogEntry, ReactionRecordType, ReactionSummaryItem } from "@forum/api/reactions";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls for reactions (API.md 9), over the shared `apiv2` instance. */

function recordPath(recordType: ReactionRecordType, recordID: number): string {
  return `${recordType === "discussion" ? "discussions" : "comments"}/${recordID}/reactions`;
}

export async function postReaction(
  recordType: ReactionRecordType,
  recordID: number,
  reactionType: string,
): Promise<ReactionSummaryItem[]> {
  const response = await apiv2.post<ReactionSummaryItem[]>(recordPath(recordType, recordID), {
    reactionType,
  });
  return response.data;
}

export async function deleteOwnReaction(recordType: ReactionRecordType, recordID: number): Promise<void> {
  await apiv2.delete(recordPath(recordType, recordID));
}

/** The newest 100 reactions of a record: enough for tooltips and the moderators' log. */
export async function getReactionLog(
  recordType: ReactionRecordType,
  recordID: number,
): Promise<ReactionLogEntry[]> {
  const response = await apiv2.get<ReactionLogEntry[]>(recordPath(recordType, recordID), {
    params: { limit: 100 },
  });
  return response.data;
}
