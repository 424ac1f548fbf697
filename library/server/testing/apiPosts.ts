import { roleIDByName, sessionClient } from "./factories";
import type { TestApp, TestClient } from "./testApp";

// Posts and categories made through the API, as a client would: what add-on tests build their cases on (they may
// not import the forum application's own test helpers).

export type SignedIn = Awaited<ReturnType<typeof sessionClient>>;

/** An administrator, two members and a moderator, each with a session. */
export async function signedInCast(testApp: TestApp) {
  return {
    admin: await sessionClient(testApp, { role: "Administrator" }),
    member: await sessionClient(testApp),
    other: await sessionClient(testApp),
    moderator: await sessionClient(testApp, { role: "Moderator" }),
  };
}

/** A category made by an administrator's client; `hiddenFrom` roles get no grant in it. Returns its id. */
export async function postCategory(
  testApp: TestApp,
  admin: TestClient,
  name: string,
  options: { allowedDiscussionTypes?: readonly string[]; hiddenFrom?: readonly ("Member" | "Guest")[] } = {},
): Promise<number> {
  const permissions = [];
  for (const role of options.hiddenFrom ?? [])
    permissions.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
  const response = await admin.post<{ categoryID: number }>("/api/v2/categories", {
    name,
    urlcode: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    ...(options.allowedDiscussionTypes ? { allowedDiscussionTypes: options.allowedDiscussionTypes } : {}),
    ...(permissions.length > 0 ? { permissions } : {}),
  });
  if (response.status !== 201) throw new Error(`Category: ${response.status} ${response.text}`);
  return response.body.categoryID;
}

/** Posts a Markdown discussion; returns the response (its status tells whether it was refused). */
export function postDiscussion(
  client: TestClient,
  categoryID: number,
  name: string,
  extra: Record<string, unknown> = {},
) {
  return client.post<{ discussionID: number }>("/api/v2/discussions", {
    name,
    body: `Body of ${name}`,
    format: "markdown",
    categoryID,
    ...extra,
  });
}

/** Posts a Markdown comment; returns the response. */
export function postComment(client: TestClient, discussionID: number, body: string) {
  return client.post<{ commentID: number }>("/api/v2/comments", { discussionID, body, format: "markdown" });
}

/** A discussion that must be created; returns its id. */
export async function makeDiscussion(
  client: TestClient,
  categoryID: number,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const response = await postDiscussion(client, categoryID, name, extra);
  if (response.status !== 201) throw new Error(`Discussion: ${response.status} ${response.text}`);
  return response.body.discussionID;
}

/** A comment that must be created; returns its id. */
export async function makeComment(client: TestClient, discussionID: number, body: string): Promise<number> {
  const response = await postComment(client, discussionID, body);
  if (response.status !== 201) throw new Error(`Comment: ${response.status} ${response.text}`);
  return response.body.commentID;
}
