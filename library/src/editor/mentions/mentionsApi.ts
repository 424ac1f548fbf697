import { apiv2 } from "@library/src/api/apiClient";

/** SPEC 9: at most 50 users per lookup, 50 ms after the last keystroke. */
export const MENTION_LIMIT = 50;
export const MENTION_DEBOUNCE_MS = 50;

/** Mention suggestion (SPEC 3). */
export interface MentionSuggestion {
  userID: number;
  name: string;
  dateLastActive: string | null;
  photoUrl?: string;
}

function toSuggestion(value: unknown): MentionSuggestion[] {
  if (typeof value !== "object" || value === null) return [];
  const record = value as Record<string, unknown>;
  if (typeof record.userID !== "number" || typeof record.name !== "string") return [];
  return [
    {
      userID: record.userID,
      name: record.name,
      dateLastActive: typeof record.dateLastActive === "string" ? record.dateLastActive : null,
      ...(typeof record.photoUrl === "string" && record.photoUrl !== "" ? { photoUrl: record.photoUrl } : {}),
    },
  ];
}

/** Members whose name starts with `prefix` (the lookup sends the prefix with a wildcard, SPEC 5). */
export async function fetchMentionSuggestions(
  prefix: string,
  signal?: AbortSignal,
): Promise<MentionSuggestion[]> {
  const response = await apiv2.get<unknown>("users/by-names", {
    params: { name: `${prefix}*`, order: "mention", limit: MENTION_LIMIT },
    signal,
  });
  const data: unknown = response.data;
  return (Array.isArray(data) ? data.flatMap(toSuggestion) : []).slice(0, MENTION_LIMIT);
}
