import type { Category } from "@forum/api/categories";
import { apiv2 } from "@library/src/api/apiClient";
import type { LongRunnerRequest } from "@library/src/api/longRunner";

/** Categories a discussion can be moved to: every one that takes discussions (flat list, tree order). */
export async function getMoveTargets(): Promise<Category[]> {
  const response = await apiv2.get<Category[]>("categories", {
    params: { outputFormat: "flat", limit: 500 },
  });
  return response.data.filter(
    (category) => category.displayAs === "discussions" || category.displayAs === "flat",
  );
}

export const bulkRequests = {
  move: (discussionIDs: number[], categoryID: number, addRedirects: boolean): LongRunnerRequest => ({
    method: "PATCH",
    url: "discussions/move",
    body: { discussionIDs, categoryID, addRedirects },
  }),
  merge: (
    discussionIDs: number[],
    destinationDiscussionID: number,
    addRedirects: boolean,
  ): LongRunnerRequest => ({
    method: "PATCH",
    url: "discussions/merge",
    body: { discussionIDs, destinationDiscussionID, addRedirects },
  }),
  close: (discussionIDs: number[]): LongRunnerRequest => ({
    method: "PATCH",
    url: "discussions/close",
    body: { discussionIDs, closed: true },
  }),
  delete: (discussionIDs: number[]): LongRunnerRequest => ({
    method: "DELETE",
    url: "discussions/list",
    body: { discussionIDs },
  }),
  /** A new discussion (posted by the moderator) from comments of one discussion. */
  split: (commentIDs: number[], name: string, categoryID: number): LongRunnerRequest => ({
    method: "POST",
    url: "discussions/split",
    body: { commentIDs, newPost: { name, categoryID, postType: "discussion", authorType: "me" } },
  }),
  deleteComments: (commentIDs: number[]): LongRunnerRequest => ({
    method: "DELETE",
    url: "comments/list",
    body: { commentIDs },
  }),
};
