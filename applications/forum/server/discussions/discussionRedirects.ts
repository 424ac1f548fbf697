import { REDIRECT_DISCUSSION_TYPE } from "@forum/api/discussionOptions";
import type { DbOrTx } from "@library/server/db/database";
import { escapeHtml } from "@library/server/pages/html";
import { sql } from "kysely";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import type { LockedCategories } from "../locks/forumRowLocks";
import type { DiscussionRow } from "./discussionRows";

/** The body of a redirect: the path it leads to (`/discussion/{id}`, so a later rename keeps it working). */
export function redirectTarget(row: Pick<DiscussionRow, "type" | "body">): string | null {
  if (row.type !== REDIRECT_DISCUSSION_TYPE) return null;
  return /^\/discussion\/\d{1,10}$/.test(row.body) ? row.body : null;
}

/**
 * `addRedirects` of a move (API.md 7.14): a closed discussion of type `redirect` stays in the old category with
 * the moved one's title and dates, so it keeps its place in that list; opening it leads to the moved discussion.
 * It is the mover's post (and counts as one of theirs). Runs in the move's transaction, after the discussion's
 * categories were locked (the user row comes last in the lock order).
 */
export async function leaveRedirect(
  trx: DbOrTx,
  locked: LockedCategories,
  moved: DiscussionRow,
  movedBy: number,
): Promise<number> {
  const target = `/discussion/${moved.discussionID}`;
  const { discussionID } = await trx
    .insertInto("discussions")
    .values({
      type: REDIRECT_DISCUSSION_TYPE,
      categoryID: moved.categoryID,
      name: moved.name,
      body: target,
      format: "text",
      bodyHtml: `<p><a href="${escapeHtml(target)}">${escapeHtml(moved.name)}</a></p>`,
      bodyText: moved.name,
      insertUserID: movedBy,
      dateInserted: moved.dateInserted,
      updateUserID: null,
      dateUpdated: null,
      dateLastComment: moved.dateLastComment,
      lastUserID: moved.lastUserID,
      lastCommentID: null,
      countComments: 0,
      countViews: 0,
      score: 0,
      hot: 0,
      pinned: 0,
      pinLocation: null,
      closed: 1,
      sink: 1,
      statusID: 0,
      resolved: 0,
    })
    .returning("discussionID")
    .executeTakeFirstOrThrow();
  await adjustCategoryCounts(trx, locked, moved.categoryID, { discussions: 1 });
  await trx
    .updateTable("users")
    .set({ countDiscussions: sql`"countDiscussions" + 1` })
    .where("userID", "=", movedBy)
    .execute();
  return discussionID;
}
