import type { UserFragment } from "@forum/api/users";
import { DEFAULT_AVATAR_URL, DELETED_USER_NAME, UNKNOWN_USER_NAME } from "@forum/api/guest";
import type { AppContext } from "../app/appContext";
import { KeptRecords } from "../cache/keptRecords";
import { executeCompiledOnce } from "../db/compiledOnce";
import { perDatabase } from "../db/perDatabase";
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

/** A user's row as a fragment is made from it, with what pages show beside it. */
interface UserFragmentSource extends UserFragmentRow {
  deleted: number;
  signature?: string | null;
}

/**
 * The rows of every page's authors, kept between pages until a write names a user (or names nothing), here or in
 * another process: a community's pages show the same few hundred authors again and again. A member's last
 * activity is written without naming them (at most every few minutes), so it is up to a minute older here.
 */
const keptUsers = perDatabase(
  (context: AppContext) =>
    new KeptRecords<UserFragmentSource>(context.caches, {
      name: "user fragments",
      dependsOn: ["user:*"],
      // A row is a few hundred bytes, a few kilobytes with a long signature: at most about 10 MB.
      maxEntries: 5_000,
      seconds: 60,
    }),
);

/** Keeps the app's authors between pages from now on (called once when the forum registers). */
export function keepUserFragments(context: AppContext): void {
  keptUsers.of(context);
}

/** The rows of `ids` in one query (with their signatures, or not). */
async function readUserRows(
  db: DbOrTx,
  ids: readonly number[],
  withSignatures: boolean,
): Promise<Map<number, UserFragmentSource>> {
  // Every page with posts or a member list reads it: compiled once per number of users.
  const rows: UserFragmentSource[] = await executeCompiledOnce(
    db,
    `${withSignatures ? "userFragmentsWithSignatures" : "userFragments"}:${ids.length}`,
    () =>
      db
        .selectFrom("users")
        .select([...USER_FRAGMENT_COLUMNS, "deleted"])
        .$if(withSignatures, (query) => query.select("signature"))
        .where("userID", "in", [...ids]),
    [...ids],
  );
  return new Map(rows.map((row) => [row.userID, row]));
}

/**
 * Fragments of many users: kept between pages on the app's own handle (a transaction reads its own), else in one
 * query (`userID IN (...)`); ids without a user are absent from the map. Users in `known` (fragments the request
 * already read for other records of the same page) are taken from it. With `signatures`, the users' stored
 * signatures (sanitised HTML) go into that map, for a page that shows them under posts: one read instead of two.
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
  const kept = keptUsers.forDb(db);
  // Kept rows hold their signatures, so one kept row serves both kinds of page.
  const rows = kept
    ? await kept.getMany(ids, (missing) => readUserRows(db, missing, true))
    : await readUserRows(db, ids, signatures !== undefined);
  for (const row of rows.values()) {
    // Each request gets fragments of its own: pages add to them (a staff badge).
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
