import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "@library/server/db/database";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames, type RecordName } from "@library/server/cache/recordNames";

/**
 * What a write of a discussion changes, for the cache layer: the discussion, its category (counts, last post)
 * and its author (counts). Read before a delete or a move (the old category) and after a create or an edit; an
 * unknown discussion names nothing.
 */
export async function discussionChangeNames(db: DbOrTx, discussionID: number): Promise<RecordName[]> {
  const row = await db
    .selectFrom("discussions")
    .select(["categoryID", "insertUserID"])
    .where("discussionID", "=", discussionID)
    .executeTakeFirst();
  if (!row) return [];
  return [
    recordNames.discussion(discussionID),
    recordNames.category(row.categoryID),
    recordNames.user(row.insertUserID),
  ];
}

/** What a write of a comment changes: the comment, its author, and its discussion's names. */
export async function commentChangeNames(db: DbOrTx, commentID: number): Promise<RecordName[]> {
  const row = await db
    .selectFrom("comments")
    .select(["discussionID", "insertUserID"])
    .where("commentID", "=", commentID)
    .executeTakeFirst();
  if (!row) return [];
  const names = await discussionChangeNames(db, row.discussionID);
  if (names.length === 0) return [];
  return [...names, recordNames.comment(commentID), recordNames.user(row.insertUserID)];
}

/**
 * Names them on the request, so a comment or discussion write retires only what depends on them (here and in
 * the other processes), not every cache. Names nothing when the record is unknown: the write then publishes
 * `content`, as an unnamed write does.
 */
export function notePostChanged(request: FastifyRequest, names: readonly RecordName[]): void {
  if (names.length > 0) noteChanged(request, ...names);
}
