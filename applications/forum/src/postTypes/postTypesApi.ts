import type { Category } from "@forum/api/categories";
import type { PostPreview } from "@forum/api/postTypes";
import type { BodyFormat } from "@forum/api/rich2";
import { apiv2 } from "@library/src/api/apiClient";

/** SPEC 9: category suggestions ask for at most 50. */
export const CATEGORY_SUGGESTION_LIMIT = 50;

/** Category name suggestions (`GET /categories/search`), with their breadcrumbs. */
export async function searchCategorySuggestions(query: string, signal?: AbortSignal): Promise<Category[]> {
  const response = await apiv2.get<Category[]>("categories/search", {
    params: { query, limit: CATEGORY_SUGGESTION_LIMIT, expand: "breadcrumbs" },
    ...(signal ? { signal } : {}),
  });
  return response.data;
}

/** The body as it will show once posted, rendered by the server (`POST /discussions/preview`). */
export async function previewBody(body: string, format: BodyFormat): Promise<string> {
  const response = await apiv2.post<PostPreview>("discussions/preview", { body, format });
  return response.data.body;
}
