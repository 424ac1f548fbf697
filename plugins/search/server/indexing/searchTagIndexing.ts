import type { AppContext } from "@library/server/app/appContext";
import { sql } from "kysely";
import { searchIndexOf } from "./searchIndexing";

/** The tags-changed job: the index's copy of these discussions' tags follows the forum's. */
export async function indexDiscussionTags(
  context: AppContext,
  discussionIDs: readonly number[],
): Promise<void> {
  await searchIndexOf(context).copyDiscussionTags(discussionIDs);
}

/** A whole rebuild: the index's copy of every discussion's tags. */
export async function rebuildDiscussionTags(context: AppContext): Promise<void> {
  await searchIndexOf(context).copyDiscussionTags(null);
}

/**
 * Tag ids of the names a search asks for (`tags`, case and spacing ignored); with `and`, null when one of
 * them names no tag (nothing can match all of them).
 */
export async function tagIDsOfNames(
  context: AppContext,
  names: readonly string[],
  operator: "and" | "or",
): Promise<number[] | null> {
  const wanted = [...new Set(names.map((name) => name.trim().replace(/\s+/g, " ").toLowerCase()))];
  const rows = await context.db
    .selectFrom("tags")
    .select(["tagID", "name"])
    .where(sql<boolean>`lower("name") in (${sql.join(wanted)})`)
    .execute();
  const found = new Set(rows.map((row) => row.name.toLowerCase()));
  if (operator === "and" && wanted.some((name) => !found.has(name))) return null;
  return rows.map((row) => row.tagID);
}
