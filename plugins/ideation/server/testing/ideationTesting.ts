import { postCategory, signedInCast } from "@library/server/testing/apiPosts";
import type { TestApp, TestClient } from "@library/server/testing/testApp";

export { makeComment, makeDiscussion, type SignedIn } from "@library/server/testing/apiPosts";

/** An administrator, two members and a moderator, each with a session. */
export const ideationCast = signedInCast;

/** A category that takes an ideas; `hiddenFrom` roles get no grant in it. Returns its id. */
export function makeCategory(
  testApp: TestApp,
  admin: TestClient,
  name: string,
  hiddenFrom: readonly ("Member" | "Guest")[] = [],
): Promise<number> {
  return postCategory(testApp, admin, name, { allowedDiscussionTypes: ["discussion", "idea"], hiddenFrom });
}
