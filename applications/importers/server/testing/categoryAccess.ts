import type { Discussion } from "@forum/api/discussions";
import { signedInClient } from "@library/server/testing/factories";
import type { TestApp } from "@library/server/testing/testApp";

/**
 * How a guest, a member and a moderator of `app` fare with the category `urlcode`: the status of reading it, and
 * whether its discussions show on the member's list.
 */
export async function categoryAccess(app: TestApp, urlcode: string) {
  const { categoryID } = await app.context.db
    .selectFrom("categories")
    .select("categoryID")
    .where("urlcode", "=", urlcode)
    .executeTakeFirstOrThrow();
  const member = (await signedInClient(app, { role: "Member" })).client;
  const moderator = (await signedInClient(app, { role: "Moderator" })).client;
  const inside = await app.context.db
    .selectFrom("discussions")
    .select("discussionID")
    .where("categoryID", "=", categoryID)
    .execute();
  const listed = await member.get<Discussion[]>("/api/v2/discussions?limit=100");
  const listedIDs = new Set(listed.body.map((discussion) => discussion.discussionID));
  return {
    guest: seen((await app.guest().get(`/api/v2/categories/${categoryID}`)).status),
    member: seen((await member.get(`/api/v2/categories/${categoryID}`)).status),
    moderator: seen((await moderator.get(`/api/v2/categories/${categoryID}`)).status),
    discussionsInside: inside.length,
    listedToMember: inside.filter((row) => listedIDs.has(row.discussionID)).length,
  };
}

/** A category hidden from a viewer: 403, or 404 as if it did not exist. */
export const HIDDEN = "hidden";

function seen(status: number): number | typeof HIDDEN {
  return status === 403 || status === 404 ? HIDDEN : status;
}
