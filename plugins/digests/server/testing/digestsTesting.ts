import type { TestApp, TestClient } from "@library/server/testing/testApp";
import { roleIDByName, type RoleName } from "@library/server/testing/factories";

/** A category made by an administrator's client; `hiddenFrom` roles hold no grant in it (custom permissions). */
export async function makeDigestCategory(
  testApp: TestApp,
  admin: TestClient,
  name: string,
  hiddenFrom: readonly RoleName[] = [],
): Promise<number> {
  const permissions = [];
  for (const role of hiddenFrom)
    permissions.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
  const response = await admin.post<{ categoryID: number }>("/api/v2/categories", {
    name,
    urlcode: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    ...(permissions.length > 0 ? { permissions } : {}),
  });
  if (response.status !== 201) throw new Error(`Category: ${response.status} ${response.text}`);
  return response.body.categoryID;
}

export async function postDiscussion(client: TestClient, categoryID: number, name: string): Promise<number> {
  const response = await client.post<{ discussionID: number }>("/api/v2/discussions", {
    categoryID,
    name,
    body: `Body of ${name}`,
    format: "markdown",
  });
  if (response.status !== 201) throw new Error(`Discussion: ${response.status} ${response.text}`);
  return response.body.discussionID;
}

export async function postComment(client: TestClient, discussionID: number, body: string): Promise<void> {
  const response = await client.post("/api/v2/comments", { discussionID, body, format: "markdown" });
  if (response.status !== 201) throw new Error(`Comment: ${response.status} ${response.text}`);
}

/** Moves every post and reaction written so far `minutes` into the past (as if written then). */
export async function backdateEverything(testApp: TestApp, minutes: number): Promise<void> {
  const { db } = testApp.context;
  const shift = (iso: string) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();
  for (const row of await db
    .selectFrom("discussions")
    .select(["discussionID", "dateInserted", "dateLastComment"])
    .execute())
    await db
      .updateTable("discussions")
      .set({ dateInserted: shift(row.dateInserted), dateLastComment: shift(row.dateLastComment) })
      .where("discussionID", "=", row.discussionID)
      .execute();
  for (const row of await db.selectFrom("comments").select(["commentID", "dateInserted"]).execute())
    await db
      .updateTable("comments")
      .set({ dateInserted: shift(row.dateInserted) })
      .where("commentID", "=", row.commentID)
      .execute();
}

/** Sets one discussion's start date (a discussion started long ago). */
export async function setDiscussionDate(testApp: TestApp, discussionID: number, iso: string): Promise<void> {
  await testApp.context.db
    .updateTable("discussions")
    .set({ dateInserted: iso })
    .where("discussionID", "=", discussionID)
    .execute();
}
