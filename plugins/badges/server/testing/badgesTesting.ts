import type { TestClient } from "@library/server/testing/testApp";

/** A category members may post in, made by an administrator's client. */
export async function makeTestCategory(admin: TestClient, name: string): Promise<number> {
  const response = await admin.post<{ categoryID: number }>("/api/v2/categories", {
    name,
    urlcode: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  });
  if (response.status !== 201) throw new Error(`Category: ${response.status} ${response.text}`);
  return response.body.categoryID;
}

/** Posts a Markdown discussion; returns the response (the status tells whether it was refused). */
export function postDiscussion(client: TestClient, categoryID: number, body: string, name = "A discussion") {
  return client.post<{ discussionID: number }>("/api/v2/discussions", {
    categoryID,
    name,
    body,
    format: "markdown",
  });
}

/** Posts a Markdown comment. */
export function postComment(client: TestClient, discussionID: number, body: string) {
  return client.post<{ commentID: number }>("/api/v2/comments", { discussionID, body, format: "markdown" });
}
