import type { Tag } from "@forum/api/tags";
import { apiv2 } from "@library/src/api/apiClient";

/** Tags per page of the dashboard list (the API's maximum). */
export const TAGS_PER_PAGE = 100;

/** One page of tags by name, those containing `query` (API.md 10). */
export async function fetchTags(query: string, page: number): Promise<Tag[]> {
  const response = await apiv2.get<Tag[]>("tags", {
    params: { ...(query ? { query } : {}), sort: "name", page, limit: TAGS_PER_PAGE },
  });
  return response.data;
}

export async function renameTag(tagID: number, name: string): Promise<void> {
  await apiv2.patch(`tags/${tagID}`, { name });
}

/** Every discussion of the sources carries the target instead; the sources are deleted. */
export async function mergeTags(targetTagID: number, sourceTagIDs: number[]): Promise<void> {
  await apiv2.post(`tags/${targetTagID}/merge`, { sourceTagIDs });
}

export async function deleteTag(tagID: number): Promise<void> {
  await apiv2.delete(`tags/${tagID}`);
}
