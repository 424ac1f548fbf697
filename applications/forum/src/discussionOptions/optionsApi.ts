import type { Category } from "@forum/api/categories";
import type { Discussion, DiscussionPatch } from "@forum/api/discussions";
import { apiv2 } from "@library/src/api/apiClient";

/** The options menu's calls (API.md 7.6, 7.9–7.11); each toggle sends the value it wants (SPEC 4). */

export async function putDismissed(discussionID: number, dismissed: boolean): Promise<boolean> {
  const response = await apiv2.put<{ dismissed: boolean }>(`discussions/${discussionID}/dismiss`, {
    dismissed,
  });
  return response.data.dismissed;
}

export async function putMuted(discussionID: number, muted: boolean): Promise<boolean> {
  const response = await apiv2.put<{ muted: boolean }>(`discussions/${discussionID}/mute`, { muted });
  return response.data.muted;
}

export async function bumpDiscussion(discussionID: number): Promise<Discussion> {
  const response = await apiv2.patch<Discussion>(`discussions/${discussionID}/bump`);
  return response.data;
}

export async function putDiscussionType(discussionID: number, type: string): Promise<Discussion> {
  const response = await apiv2.put<Discussion>(`discussions/${discussionID}/type`, { type });
  return response.data;
}

/** PATCH /discussions/{id} with `expand=category`, as the client sends it (SPEC 7). */
export async function patchDiscussionOptions(
  discussionID: number,
  body: DiscussionPatch,
): Promise<Discussion> {
  const response = await apiv2.patch<Discussion>(`discussions/${discussionID}`, body, {
    params: { expand: "category" },
  });
  return response.data;
}

/** Category suggestions (SPEC 7, 9: limit 50) for the categories a discussion can go to. */
export async function searchCategories(query: string, signal?: AbortSignal): Promise<Category[]> {
  const response = await apiv2.get<Category[]>("categories/search", {
    params: { query, limit: 50, expand: "breadcrumbs" },
    signal,
  });
  // Only categories that hold discussions can receive one (API.md 6.1).
  return response.data.filter(
    (category) => category.displayAs === "discussions" || category.displayAs === "flat",
  );
}
