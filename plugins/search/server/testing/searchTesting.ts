import type { TestClient } from "@library/server/testing/testApp";

/** A one-paragraph rich2 body. */
function rich2(text: string): string {
  return JSON.stringify([{ type: "p", children: [{ text }] }]);
}

export async function createCategory(
  admin: TestClient,
  name: string,
  permissions?: { roleID: number; permissions: Record<string, boolean> }[],
): Promise<number> {
  const response = await admin.post<{ categoryID: number }>("/api/v2/categories", {
    name,
    urlcode: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    ...(permissions ? { permissions } : {}),
  });
  if (response.status !== 201) throw new Error(`Category: ${response.status} ${response.text}`);
  return response.body.categoryID;
}

export async function postDiscussion(
  client: TestClient,
  categoryID: number,
  name: string,
  text: string,
): Promise<number> {
  const response = await client.post<{ discussionID: number }>("/api/v2/discussions", {
    name,
    body: rich2(text),
    format: "rich2",
    categoryID,
  });
  if (response.status !== 201) throw new Error(`Discussion: ${response.status} ${response.text}`);
  return response.body.discussionID;
}

export async function postComment(client: TestClient, discussionID: number, text: string): Promise<number> {
  const response = await client.post<{ commentID: number }>("/api/v2/comments", {
    discussionID,
    body: rich2(text),
    format: "rich2",
  });
  if (response.status !== 201) throw new Error(`Comment: ${response.status} ${response.text}`);
  return response.body.commentID;
}
