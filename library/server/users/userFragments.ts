import type { UserFragment } from "@forum/api/users";
import { DEFAULT_AVATAR_URL, DELETED_USER_NAME, UNKNOWN_USER_NAME } from "@forum/api/guest";
import { executeCompiledOnce } from "../db/compiledOnce";
import type { DbOrTx } from "../db/database";
import { toApiDate } from "../http/dates";

/** The columns a UserFragment (API.md 2.1) is made of. */
export const USER_FRAGMENT_COLUMNS = [
  "userID",
  "name",
  "photo",
  "title",
  "dateLastActive",
  "hidden",
  "banned",
  "private",
] as const;

export interface UserFragmentRow {
  userID: number;
  name: string;
  photo: string | null;
  title: string | null;
  dateLastActive: string | null;
  hidden: number;
  banned: number;
  private: number;
}

/** `/profile/{name}` with the name URL-encoded, so slashes and ampersands cannot break the path. */
export function userProfileUrl(name: string): string {
  return `/profile/${encodeURIComponent(name)}`;
}

export function userPhotoUrl(photo: string | null): string {
  return photo && photo.length > 0 ? photo : DEFAULT_AVATAR_URL;
}

/** UserFragment (API.md 2.1) for records that name a user. */
export function presentUserFragment(row: UserFragmentRow): UserFragment {
  return {
    userID: row.userID,
    name: row.name,
    photoUrl: userPhotoUrl(row.photo),
    url: userProfileUrl(row.name),
    dateLastActive: row.hidden === 1 ? null : toApiDate(row.dateLastActive),
    title: row.title,
    banned: row.banned === 1 ? 1 : 0,
    private: row.private === 1,
  };
}

/**
 * Stands in for a user who cannot be shown (SPEC 3 placeholder users): "Unknown" for an id without an account,
 * "User Deleted" for a deleted account. No profile URL: neither has a profile page to link to.
 */
export function placeholderUserFragment(userID: number, name = UNKNOWN_USER_NAME): UserFragment {
  return {
    userID,
    name,
    photoUrl: DEFAULT_AVATAR_URL,
    url: "",
    dateLastActive: null,
    title: null,
    banned: 0,
    private: false,
  };
}

/**
 * Fragments of many users in one query (`userID IN (...)`); ids without a user are absent from the map. Users
 * in `known` (fragments the request already read for other records of the same page) are taken from it, and
 * when it holds them all nothing is read. With `signatures`, the same query reads the users' stored signatures
 * (sanitised HTML) into that map, for a page that shows them under posts: one read instead of two.
 */
export async function loadUserFragments(
  db: DbOrTx,
  userIDs: Iterable<number>,
  known?: ReadonlyMap<number, UserFragment>,
  signatures?: Map<number, string>,
): Promise<Map<number, UserFragment>> {
  const result = new Map<number, UserFragment>();
  const ids: number[] = [];
  for (const id of new Set(userIDs)) {
    if (id <= 0) continue;
    const fragment = known?.get(id);
    if (fragment && !signatures) result.set(id, fragment);
    else ids.push(id);
  }
  if (ids.length === 0) return result;
  // Every page with posts or a member list reads it: compiled once per number of users.
  const rows = await executeCompiledOnce(
    db,
    `${signatures ? "userFragmentsWithSignatures" : "userFragments"}:${ids.length}`,
    () =>
      db
        .selectFrom("users")
        .select([...USER_FRAGMENT_COLUMNS, "deleted"])
        .$if(signatures !== undefined, (query) => query.select("signature"))
        .where("userID", "in", ids),
    ids,
  );
  for (const row of rows) {
    result.set(
      row.userID,
      row.deleted === 1 ? placeholderUserFragment(row.userID, DELETED_USER_NAME) : presentUserFragment(row),
    );
    if (row.signature) signatures?.set(row.userID, row.signature);
  }
  return result;
}

/** The fragment of one user from a map loaded by `loadUserFragments`, or the "Unknown" placeholder. */
export function userFragmentOf(map: ReadonlyMap<number, UserFragment>, userID: number): UserFragment {
  return map.get(userID) ?? placeholderUserFragment(userID);
}
