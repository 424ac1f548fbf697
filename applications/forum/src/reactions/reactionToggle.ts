import type { ReactionSummaryItem } from "@forum/api/reactions";

export interface ToggledReactions {
  reactions: ReactionSummaryItem[];
  /** How the record's score changes. */
  scoreDelta: number;
}

/**
 * SPEC 4 reacting: when the user has not reacted with this type, their earlier reaction (if any) is removed and
 * this one added; when they already have, it is removed. The score changes by the reaction values.
 */
export function toggleReaction(reactions: readonly ReactionSummaryItem[], urlcode: string): ToggledReactions {
  const target = reactions.find((item) => item.urlcode === urlcode);
  if (!target) return { reactions: [...reactions], scoreDelta: 0 };
  let scoreDelta = 0;
  const removing = target.hasReacted;
  const next = reactions.map((item) => {
    if (item.urlcode === urlcode) {
      scoreDelta += removing ? -item.reactionValue : item.reactionValue;
      return { ...item, hasReacted: !removing, count: Math.max(0, item.count + (removing ? -1 : 1)) };
    }
    if (!removing && item.hasReacted) {
      scoreDelta -= item.reactionValue;
      return { ...item, hasReacted: false, count: Math.max(0, item.count - 1) };
    }
    return item;
  });
  return { reactions: next, scoreDelta };
}

/** The key of a record in the reactions slice. */
export function reactionRecordKey(recordType: string, recordID: number): string {
  return `${recordType}:${recordID}`;
}
