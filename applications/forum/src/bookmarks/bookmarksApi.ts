import type { BookmarkBody } from "@forum/api/bookmarks";
import { apiv2 } from "@library/src/api/apiClient";

/** `PUT /discussions/{id}/bookmark` (API.md 7.9): the client sends the opposite of the current value. */
export async function putBookmark(discussionID: number, bookmarked: boolean): Promise<boolean> {
  const response = await apiv2.put<BookmarkBody>(`discussions/${discussionID}/bookmark`, {
    bookmarked,
  } satisfies BookmarkBody);
  return response.data.bookmarked;
}
