import type { UserFragment } from "@forum/api/users";
import type { DbOrTx } from "../db/database";

/** Role types whose name shows beside a member's name on posts, the first one a member holds winning. */
const BADGED_ROLE_TYPES = ["administrator", "moderator"] as const;

/**
 * Sets `roleBadge` on the given fragments (the authors of a page's posts) to the name of their staff role, in
 * one query; members without one are left as they are.
 */
export async function addRoleBadges(
  db: DbOrTx,
  fragments: readonly (UserFragment | undefined)[],
): Promise<void> {
  const present = fragments.filter((fragment): fragment is UserFragment => fragment !== undefined);
  const ids = [...new Set(present.map((fragment) => fragment.userID))].filter((id) => id > 0);
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.roleID", "userRoles.roleID")
    .select(["userRoles.userID", "roles.name", "roles.type", "roles.sort"])
    .where("userRoles.userID", "in", ids)
    .where("roles.type", "in", [...BADGED_ROLE_TYPES])
    .execute();
  const rank = (type: string | null) => BADGED_ROLE_TYPES.indexOf(type as (typeof BADGED_ROLE_TYPES)[number]);
  rows.sort((a, b) => rank(a.type) - rank(b.type) || a.sort - b.sort);
  const badges = new Map<number, string>();
  for (const row of rows) if (!badges.has(row.userID)) badges.set(row.userID, row.name);
  for (const fragment of present) {
    const badge = badges.get(fragment.userID);
    if (badge !== undefined) fragment.roleBadge = badge;
  }
}
