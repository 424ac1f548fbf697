import { apiv2 } from "@library/src/api/apiClient";

/** `PUT /categories/{id}/read`, or `PUT /categories/read` for everything: the session user's mark-as-read. */
export async function putMarkRead(categoryID: number | undefined): Promise<void> {
  await apiv2.put(categoryID === undefined ? "categories/read" : `categories/${categoryID}/read`);
}
