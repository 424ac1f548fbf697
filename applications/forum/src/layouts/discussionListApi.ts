import type { Discussion } from "@forum/api/discussions";
import { apiv2 } from "@library/src/api/apiClient";
import { pagingFromHeaders, type Paging } from "@library/src/api/paging";
import type { DiscussionListParams } from "@applications/forum/src/layouts/discussionListQuery";

export interface DiscussionListPage {
  discussions: Discussion[];
  paging: Paging;
}

/** `GET /discussions` with the widget's query; paging comes from the `x-app-page-*` headers (API.md 1.7). */
export async function getDiscussionListPage(params: DiscussionListParams): Promise<DiscussionListPage> {
  const response = await apiv2.get<Discussion[]>("discussions", { params });
  return { discussions: response.data, paging: pagingFromHeaders(response.headers) };
}
