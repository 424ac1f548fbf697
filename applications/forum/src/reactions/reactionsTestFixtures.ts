import type { ReactionLogEntry, ReactionsBarProps, ReactionSummaryItem } from "@forum/api/reactions";

const TYPES: [number, string, string, number][] = [
  [1, "Promote", "Positive", 5],
  [2, "OffTopic", "Flag", 0],
  [4, "Disagree", "Negative", -1],
  [7, "Like", "Positive", 1],
  [8, "Up", "Positive", 1],
  [9, "Down", "Negative", -1],
];

/** A summary of every fixture type with the given counts and the user's own reaction. */
export function summary(counts: Record<string, number> = {}, own?: string): ReactionSummaryItem[] {
  return TYPES.map(([tagID, urlcode, reactionClass, reactionValue]) => ({
    tagID,
    urlcode,
    name: urlcode === "OffTopic" ? "Off Topic" : urlcode,
    class: reactionClass,
    count: counts[urlcode] ?? 0,
    reactionValue,
    hasReacted: urlcode === own,
  }));
}

export function reactionsBarProps(overrides: Partial<ReactionsBarProps> = {}): ReactionsBarProps {
  return {
    recordType: "discussion",
    recordID: 7,
    score: 0,
    reactions: summary(),
    permittedTypes: ["Like", "Up", "Down", "Disagree"],
    canViewLog: true,
    isModerator: false,
    ...overrides,
  };
}

export function logEntry(userID: number, urlcode: string, recordID = 7): ReactionLogEntry {
  return {
    recordType: "discussion",
    recordID,
    tagID: TYPES.find(([, code]) => code === urlcode)?.[0] ?? 0,
    userID,
    dateInserted: "2026-11-20T10:00:00+00:00",
    user: {
      userID,
      name: `User ${userID}`,
      photoUrl: "/avatar.png",
      url: `/profile/User%20${userID}`,
      dateLastActive: null,
      banned: 0,
      private: false,
    },
    reactionType: { tagID: 0, urlcode, name: urlcode, class: "Positive" },
  };
}
