import type { Tag, TagFragment } from "@forum/api/tags";
import { apiv2 } from "@library/src/api/apiClient";

/** How many suggestions the tag lookup offers. */
export const TAG_SUGGESTION_LIMIT = 10;

/** `GET /tags?query=` (API.md 10): tags whose name contains the text, those starting with it first. */
export async function lookupTags(query: string, signal?: AbortSignal): Promise<TagFragment[]> {
  const response = await apiv2.get<Tag[]>("tags", {
    params: { query, limit: TAG_SUGGESTION_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return response.data.map(({ tagID, name, urlcode, url }) => ({ tagID, name, urlcode, url }));
}

/** `PUT /discussions/{id}/tags`: the discussion's tags become exactly these. */
export async function putDiscussionTags(discussionID: number, tagIDs: number[]): Promise<TagFragment[]> {
  const response = await apiv2.put<TagFragment[]>(`discussions/${discussionID}/tags`, { tagIDs });
  return response.data;
}

/** `PATCH /discussions/{id}` with tags: replaces them, creating new names (tags.add). */
export async function patchDiscussionTags(
  discussionID: number,
  fields: { tagIDs: number[]; newTagNames: string[] },
): Promise<TagFragment[]> {
  const response = await apiv2.patch<{ tags?: TagFragment[] }>(`discussions/${discussionID}`, fields, {
    params: { expand: "tags" },
  });
  return response.data.tags ?? [];
}
