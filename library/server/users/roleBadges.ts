import type { UserFragment } from "@forum/api/users";
import type { AppContext } from "../app/appContext";
import { KeptRead } from "../cache/keptRead";
import { recordNames } from "../cache/recordNames";
import type { DbOrTx } from "../db/database";
import { perDatabase } from "../db/perDatabase";

/** Role types whose name shows beside a member's name on posts, the first one a member holds winning. */
const BADGED_ROLE_TYPES = ["administrator", "moderator"] as const;

/** Past this many staff role holders the badges are read per page instead of kept. */
export const MAX_KEPT_BADGE_HOLDERS = 5000;

interface BadgeRow {
  userID: number;
  name: string;
  type: string | null;
  sort: number;
}

/** The badge of each user in `rows`: their first badged role by type, then by the roles' order. */
function badgesOf(rows: BadgeRow[]): Map<number, string> {
  const rank = (type: string | null) => BADGED_ROLE_TYPES.indexOf(type as (typeof BADGED_ROLE_TYPES)[number]);
  rows.sort((a, b) => rank(a.type) - rank(b.type) || a.sort - b.sort);
  const badges = new Map<number, string>();
  for (const row of rows) if (!badges.has(row.userID)) badges.set(row.userID, row.name);
  return badges;
}

function badgeQuery(db: DbOrTx) {
  return db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.roleID", "userRoles.roleID")
    .select(["userRoles.userID", "roles.name", "roles.type", "roles.sort"])
    .where("roles.type", "in", [...BADGED_ROLE_TYPES]);
}

/**
 * Every holder of a badged role with their badge (staff are few): one read for every page with posts until a
 * write names a user or the grants (or names nothing), here or in another process. Null when there are more
 * than MAX_KEPT_BADGE_HOLDERS: then each page reads its authors' badges.
 */
const keptBadges = perDatabase(
  (context: AppContext) =>
    new KeptRead(
      context.caches,
      { name: "staff role badges", dependsOn: [recordNames.grants, "user:*"] },
      () =>
        badgeQuery(context.db)
          .limit(MAX_KEPT_BADGE_HOLDERS + 1)
          .execute()
          .then((rows): ReadonlyMap<number, string> | null =>
            rows.length > MAX_KEPT_BADGE_HOLDERS ? null : badgesOf(rows),
          ),
    ),
);

/** Keeps the staff's role badges of an app in memory from now on (called once when the forum registers). */
export function keepRoleBadges(context: AppContext): void {
  keptBadges.of(context);
}

/**
 * Sets `roleBadge` on the given fragments (the authors of a page's posts) to the name of their staff role: from
 * memory on the app's own handle, else in one query; members without one are left as they are.
 */
export async function addRoleBadges(
  db: DbOrTx,
  fragments: readonly (UserFragment | undefined)[],
): Promise<void> {
  const present = fragments.filter((fragment): fragment is UserFragment => fragment !== undefined);
  const ids = [...new Set(present.map((fragment) => fragment.userID))].filter((id) => id > 0);
  if (ids.length === 0) return;
  const badges =
    (await keptBadges.forDb(db)?.get()) ??
    badgesOf(await badgeQuery(db).where("userRoles.userID", "in", ids).execute());
  for (const fragment of present) {
    const badge = badges.get(fragment.userID);
    if (badge !== undefined) fragment.roleBadge = badge;
  }
}
