import type { UserListQuery, UsersByNamesQuery } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import type { Database, DbOrTx } from "@library/server/db/database";
import { ValidationError } from "@library/server/errors/httpErrors";
import { isoPlusSeconds } from "@library/server/http/dates";
import { MEMBER_SEARCH_LIMIT, memberSearch } from "@library/server/users/memberSearch";
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import { parseIdRange } from "./idRange";
import { escapeLike, type UserRow } from "./usersQueries";

/** `order=mention`: users active within this many days come first (API.md 4.2, SPEC 9). */
export const MENTION_RECENT_DAYS = 90;

type UsersQuery = SelectQueryBuilder<Database, "users", object>;

const nameKeyRef = sql.ref("nameKey");
/** NULL sorts differently on SQLite and PostgreSQL; an empty string sorts the same on both. */
const lastActiveRef = sql<string>`coalesce(${sql.ref("dateLastActive")}, '')`;

function nameLike(query: UsersQuery, name: string): UsersQuery {
  const key = name.trim().toLowerCase();
  if (!key.endsWith("*")) return query.where("nameKey", "=", key);
  return query.where(sql<boolean>`${nameKeyRef} like ${`${escapeLike(key.slice(0, -1))}%`} escape '\\'`);
}

/** `GET /users/by-names`: a page of users whose name matches exactly or by prefix (`abc*`). */
export async function listUsersByNames(db: DbOrTx, query: UsersByNamesQuery): Promise<UserRow[]> {
  const limit = query.limit ?? 30;
  const page = query.page ?? 1;
  let rows = nameLike(db.selectFrom("users").where("deleted", "=", 0), query.name);
  const order = query.order ?? "name";
  if (order === "countComments") rows = rows.orderBy("countComments", "desc");
  if (order === "dateLastActive") rows = rows.orderBy(lastActiveRef, "desc");
  if (order === "mention") {
    const cutoff = isoPlusSeconds(-MENTION_RECENT_DAYS * 24 * 60 * 60);
    const recent = sql`${sql.ref("dateLastActive")} >= ${cutoff}`;
    rows = rows
      .orderBy(sql`case when ${recent} then 0 else 1 end`)
      .orderBy(sql`case when ${recent} then ${sql.ref("dateLastActive")} else '' end`, "desc");
  }
  return rows
    .orderBy("nameKey")
    .orderBy("userID")
    .selectAll()
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}

function userIDFilter(query: UsersQuery, text: string): UsersQuery {
  const range = parseIdRange(text);
  if (!range) throw ValidationError.field("userID", "userID is not a valid range expression.", "format");
  if ("ids" in range) return query.where("userID", "in", range.ids);
  let filtered = query;
  if (range.min) filtered = filtered.where("userID", range.min.inclusive ? ">=" : ">", range.min.value);
  if (range.max) filtered = filtered.where("userID", range.max.inclusive ? "<=" : "<", range.max.value);
  return filtered;
}

/**
 * Members the search add-on's index finds for `query` (by word prefixes of name and title), or null when no
 * member search runs or it failed: the list then matches substrings, as it did before there was an index.
 */
async function indexedUserIDs(context: AppContext, text: string): Promise<number[] | null> {
  const provider = memberSearch(context).active();
  if (!provider) return null;
  try {
    return await provider.matchingUserIDs(text, MEMBER_SEARCH_LIMIT);
  } catch (error) {
    context.log.warn({ err: error }, "Member search failed; the member list matches by substring instead.");
    return null;
  }
}

/** Sorts after every character a name or an email holds. */
const AFTER_EVERY_CHARACTER = "\u{10FFFF}";

/**
 * `column` starts with `prefix`, written so that the column's index serves it: every text starting with p sorts
 * between p and p + U+10FFFF where text sorts by code point (SQLite, PostgreSQL's C collations) or by ICU's
 * rules; LIKE then checks each row of that range exactly. LIKE alone scans the table: SQLite's ignores case,
 * and PostgreSQL uses a plain index for it only under the C collation.
 */
function startsWith(column: "nameKey" | "emailKey", prefix: string) {
  const ref = sql.ref(column);
  const pattern = `${escapeLike(prefix)}%`;
  return sql<boolean>`(${ref} >= ${prefix} and ${ref} < ${prefix + AFTER_EVERY_CHARACTER} and ${ref} like ${pattern} escape '\\')`;
}

/**
 * `query` with the index: the members it found; those whose name starts with the text, which covers members the
 * index has not caught up with (it follows them within a sync period) and a single letter (SQLite's index
 * matches one letter as a whole word only); and, for viewers who may see emails, those whose email starts with it.
 */
function indexedMatch(
  eb: ExpressionBuilder<Database, "users">,
  key: string,
  userIDs: readonly number[],
  canSeeEmails: boolean,
) {
  return eb.or([
    ...(userIDs.length > 0 ? [eb("userID", "in", userIDs)] : []),
    startsWith("nameKey", key),
    ...(canSeeEmails ? [startsWith("emailKey", key)] : []),
  ]);
}

/** `query` without the index: name (and, for viewers who may see emails, email) contains the text. */
function substringMatch(eb: ExpressionBuilder<Database, "users">, key: string, canSeeEmails: boolean) {
  const pattern = `%${escapeLike(key)}%`;
  return eb.or([
    eb(sql`${nameKeyRef}`, "like", sql`${pattern} escape '\\'`),
    ...(canSeeEmails ? [eb(sql`${sql.ref("emailKey")}`, "like", sql`${pattern} escape '\\'`)] : []),
  ]);
}

/**
 * The filters of `GET /users`; `canSeeEmails` decides whether `query` also searches emails, and `indexed` holds
 * the member search's ids for `query` (null: match substrings).
 */
function filteredUsers(
  db: DbOrTx,
  query: UserListQuery,
  canSeeEmails: boolean,
  indexed: readonly number[] | null,
): UsersQuery {
  let users: UsersQuery = db.selectFrom("users").where("deleted", "=", 0);
  const roleIDs = [...(query.roleID === undefined ? [] : [query.roleID]), ...(query.roleIDs ?? [])];
  if (roleIDs.length > 0) {
    users = users.where(
      "userID",
      "in",
      db.selectFrom("userRoles").select("userRoles.userID").where("roleID", "in", roleIDs),
    );
  }
  if (query.isBanned !== undefined) users = users.where("banned", "=", query.isBanned ? 1 : 0);
  if (query.userID !== undefined) users = userIDFilter(users, query.userID);
  if (query.name !== undefined) users = nameLike(users, query.name);
  if (query.email !== undefined) users = users.where("emailKey", "=", query.email.trim().toLowerCase());
  if (query.query !== undefined) {
    const key = query.query.trim().toLowerCase();
    users = users.where((eb) =>
      indexed ? indexedMatch(eb, key, indexed, canSeeEmails) : substringMatch(eb, key, canSeeEmails),
    );
  }
  return users;
}

function sortExpression(sort: string) {
  const field = sort.replace(/^-/, "");
  if (field === "name") return nameKeyRef;
  if (field === "dateLastActive") return lastActiveRef;
  if (field === "countPosts") return sql`(${sql.ref("countDiscussions")} + ${sql.ref("countComments")})`;
  if (field === "dateInserted" || field === "points") return sql.ref(field);
  return sql.ref("userID");
}

/** `GET /users`: one page of rows plus the total for the numbered pager. */
export async function listUsers(
  context: AppContext,
  query: UserListQuery,
  canSeeEmails: boolean,
): Promise<{ rows: UserRow[]; total: number }> {
  const limit = query.limit ?? 30;
  const page = query.page ?? 1;
  const sort = query.sort ?? "userID";
  const direction = sort.startsWith("-") ? "desc" : "asc";
  const indexed = query.query === undefined ? null : await indexedUserIDs(context, query.query);
  const db = context.db;
  const [rows, count] = await Promise.all([
    filteredUsers(db, query, canSeeEmails, indexed)
      .selectAll()
      .orderBy(sortExpression(sort), direction)
      .orderBy("userID", direction)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filteredUsers(db, query, canSeeEmails, indexed)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}
