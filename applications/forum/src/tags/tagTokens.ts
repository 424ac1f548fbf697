/** One chosen tag: an existing tag (with its id) or a new name the server creates. */
export interface TagToken {
  tagID?: number;
  name: string;
}

/** SPEC 9: the tag lookup waits 100 ms after the last keystroke. */
export const TAG_LOOKUP_DEBOUNCE_MS = 100;
/** API.md 7.5: at most 5 tags on a discussion. */
export const MAX_TAGS = 5;

/** The tag fields of a discussion body (API.md 7.5): ids of existing tags, names of new ones. */
export function tagFieldsOf(tokens: readonly TagToken[]): { tagIDs: number[]; newTagNames: string[] } {
  return {
    tagIDs: tokens.flatMap((token) => (token.tagID !== undefined ? [token.tagID] : [])),
    newTagNames: tokens.flatMap((token) => (token.tagID === undefined ? [token.name] : [])),
  };
}

/** The same tag, by id or (for new names) by name, case and spacing ignored. */
export function sameTag(a: TagToken, b: TagToken): boolean {
  if (a.tagID !== undefined && b.tagID !== undefined) return a.tagID === b.tagID;
  return (
    a.name.trim().toLowerCase().replace(/\s+/g, " ") === b.name.trim().toLowerCase().replace(/\s+/g, " ")
  );
}
