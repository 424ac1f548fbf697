import type { AppContext } from "@library/server/app/appContext";
import type { CounterChange } from "@library/server/db/counterRecount";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { sql } from "kysely";
import { invalidateCategoryTree } from "../categories/categoryTree";
import { lockAllCategories } from "../locks/forumRowLocks";
import { recountCategories } from "./categoryCounters";
import { recountComments, recountDiscussions } from "./discussionCounters";
import { recountReactionCounts } from "./reactionCounters";
import { recountUsers } from "./userCounters";

/**
 * Rebuilds every counter the forum stores, in one transaction that first locks every category (so no comment
 * or discussion write, which all lock a category chain first, runs meanwhile) and, on PostgreSQL, holds
 * reactions still. Tables are then written in the lock order: discussions, comments, reaction counts, the
 * categories (already locked), users.
 */
export async function recountForum(context: AppContext): Promise<CounterChange[]> {
  const changes = await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockAllCategories(trx, context.dialect);
    if (context.dialect === "postgres") await sql`lock table "reactions" in share mode`.execute(trx);
    return [
      ...(await recountDiscussions(trx)),
      ...(await recountComments(trx)),
      ...(await recountReactionCounts(trx)),
      ...(await recountCategories(trx)),
      ...(await recountUsers(trx)),
    ];
  });
  if (changes.length > 0) invalidateCategoryTree(context.db);
  return changes;
}
