import { roleIDByName, sessionClient } from "@library/server/testing/factories";
import type { TestApp, TestClient } from "@library/server/testing/testApp";

export type SignedIn = Awaited<ReturnType<typeof sessionClient>>;

/** An administrator, two members and a moderator, each with a session. */
export async function ideationCast(testApp: TestApp) {
  return {
    admin: await sessionClient(testApp, { role: "Administrator" }),
    member: await sessionClient(testApp),
    other: await sessionClient(testApp),
    moderator: await sessionClient(testApp, { role: "Moderator" }),
  };
}

/** A category made through the API; `hiddenFrom` roles get no grant in it. */
export async function makeCategory(
  testApp: TestApp,
  admin: TestClient,
  name: string,
  hiddenFrom: readonly ("Member" | "Guest")[] = [],
): Promise<number> {
  const permissions = [];
  for (const role of hiddenFrom)
    permissions.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
  const response = await admin.post<{ categoryID: number }>("/api/v2/categories", {
    name,
    urlcode: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    allowedDiscussionTypes: ["discussion", "idea"],
    ...(permissions.length > 0 ? { permissions } : {}),
  });
  if (response.status !== 201) throw new Error(`Category: ${response.status} ${response.text}`);
  return response.body.categoryID;
}

/** A comment made through the API; returns its id. */
export async function makeComment(client: TestClient, discussionID: number, body: string): Promise<number> {
  const response = await client.post<{ commentID: number }>("/api/v2/comments", {
    discussionID,
    body,
    format: "markdown",
  });
  if (response.status !== 201) throw new Error(`Comment: ${response.status} ${response.text}`);
  return response.body.commentID;
}

/** A discussion made through the API (an idea when `extra` says so); returns its id. */
export async function makeDiscussion(
  client: TestClient,
  categoryID: number,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const response = await client.post<{ discussionID: number }>("/api/v2/discussions", {
    name,
    body: `Body of ${name}`,
    format: "markdown",
    categoryID,
    ...extra,
  });
  if (response.status !== 201) throw new Error(`Discussion: ${response.status} ${response.text}`);
  return response.body.discussionID;
}
