import type { DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate, StaleReadError } from "@library/server/db/writeTransaction";
import type { CommentRow } from "../comments/commentRows";
import type { DiscussionRow } from "../discussions/discussionRows";

/*
 * Row locks of the forum's writes, always in the order of library/server/db/writeTransaction.ts:
 * category → discussion → comment → user; several rows of one table by ascending id.
 */

/** `/1/5/12/` → [1, 5, 12] (root first, self last). */
function idsOfPath(path: string): number[] {
  return path
    .split("/")
    .filter((part) => part !== "")
    .map(Number);
}

/** Category rows locked by this transaction, with the ancestor chains read under the lock. */
export class LockedCategories {
  constructor(private readonly pathByID: ReadonlyMap<number, string>) {}

  has(categoryID: number): boolean {
    return this.pathByID.has(categoryID);
  }

  /** The category and its ancestors (root first, itself last), every one of them locked. */
  chain(categoryID: number): number[] {
    const path = this.pathByID.get(categoryID);
    if (path === undefined) throw new Error(`Category ${categoryID} is not locked.`);
    return idsOfPath(path);
  }
}

async function lockCategoryIDs(trx: DbOrTx, dialect: Dialect, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await trx
    .selectFrom("categories")
    .select(["categoryID", "path"])
    .where("categoryID", "in", [...new Set(ids)])
    .orderBy("categoryID")
    .$call(forUpdate(dialect))
    .execute();
  return new Map(rows.map((row) => [row.categoryID, row.path]));
}

/**
 * Locks some categories and all their ancestors, in ascending id order, so their own and `countAll*` counts can
 * change. A category that does not exist is simply not in the result (`has` says so). When a category moved
 * between reading its path and locking, the transaction runs again (StaleReadError).
 */
export async function lockCategoryChains(
  trx: DbOrTx,
  dialect: Dialect,
  categoryIDs: readonly number[],
): Promise<LockedCategories> {
  const unlocked = await trx
    .selectFrom("categories")
    .select(["categoryID", "path"])
    .where("categoryID", "in", categoryIDs.length > 0 ? [...new Set(categoryIDs)] : [0])
    .execute();
  const wanted = unlocked.flatMap((row) => idsOfPath(row.path));
  const locked = await lockCategoryIDs(trx, dialect, wanted);
  for (const categoryID of categoryIDs) {
    const path = locked.get(categoryID);
    if (path === undefined) {
      if (unlocked.some((row) => row.categoryID === categoryID))
        throw new StaleReadError(`Category ${categoryID}`);
      continue;
    }
    if (idsOfPath(path).some((id) => !locked.has(id))) throw new StaleReadError(`Category ${categoryID}`);
  }
  return new LockedCategories(locked);
}

/** Locks every category (ascending id): for writes that change the tree's shape or recount it. */
export async function lockAllCategories(trx: DbOrTx, dialect: Dialect): Promise<LockedCategories> {
  const rows = await trx
    .selectFrom("categories")
    .select(["categoryID", "path"])
    .orderBy("categoryID")
    .$call(forUpdate(dialect))
    .execute();
  return new LockedCategories(new Map(rows.map((row) => [row.categoryID, row.path])));
}

/** Locks one live discussion row and returns it as locked (undefined when it does not exist or was deleted). */
export async function lockDiscussion(
  trx: DbOrTx,
  dialect: Dialect,
  discussionID: number,
): Promise<DiscussionRow | undefined> {
  return trx
    .selectFrom("discussions")
    .selectAll()
    .where("discussionID", "=", discussionID)
    .where("deleteLogID", "is", null)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}

export interface LockedDiscussion {
  discussion: DiscussionRow;
  categories: LockedCategories;
}

/**
 * Locks a discussion's category chain, then the discussion (category before discussion), plus the chains of
 * `otherCategoryIDs` (the target of a move) in the same ascending pass. Returns null when the discussion does
 * not exist (or vanished while waiting for the lock); a discussion that moved meanwhile makes the transaction
 * run again.
 */
export async function lockDiscussionWithCategories(
  trx: DbOrTx,
  dialect: Dialect,
  discussionID: number,
  otherCategoryIDs: readonly number[] = [],
): Promise<LockedDiscussion | null> {
  const before = await trx
    .selectFrom("discussions")
    .select("categoryID")
    .where("discussionID", "=", discussionID)
    .where("deleteLogID", "is", null)
    .executeTakeFirst();
  if (!before) return null;
  const categories = await lockCategoryChains(trx, dialect, [before.categoryID, ...otherCategoryIDs]);
  const discussion = await lockDiscussion(trx, dialect, discussionID);
  if (!discussion) return null;
  if (discussion.categoryID !== before.categoryID || !categories.has(discussion.categoryID))
    throw new StaleReadError(`Discussion ${discussionID}`);
  return { discussion, categories };
}

/** Locks comments (ascending id) and returns the live ones, by id. */
export async function lockComments(
  trx: DbOrTx,
  dialect: Dialect,
  commentIDs: readonly number[],
): Promise<Map<number, CommentRow>> {
  if (commentIDs.length === 0) return new Map();
  const rows = await trx
    .selectFrom("comments")
    .selectAll()
    .where("commentID", "in", [...new Set(commentIDs)])
    .where("deleteLogID", "is", null)
    .orderBy("commentID")
    .$call(forUpdate(dialect))
    .execute();
  return new Map(rows.map((row) => [row.commentID, row]));
}
