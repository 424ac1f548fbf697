import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { getViewableDiscussion } from "../discussions/discussionRows";
import "./bookmarkTables";

/**
 * `PUT /discussions/{id}/bookmark` (API.md 7.9): session.valid and discussions.view; idempotent (bookmarking
 * again keeps the first bookmark date).
 */
export async function setBookmark(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  bookmarked: boolean,
): Promise<boolean> {
  viewer.require("session.valid");
  await getViewableDiscussion(context, viewer, discussionID);
  const date = bookmarked ? nowIso() : null;
  await context.db
    .insertInto("userDiscussions")
    .values({
      userID: viewer.userID,
      discussionID,
      bookmarked: bookmarked ? 1 : 0,
      dateBookmarked: date,
      dismissed: 0,
      muted: 0,
      dateLastViewed: null,
      countCommentsRead: 0,
    })
    .onConflict((conflict) =>
      conflict.columns(["userID", "discussionID"]).doUpdateSet({
        bookmarked: bookmarked ? 1 : 0,
        dateBookmarked: bookmarked
          ? sql<string>`case when "userDiscussions"."bookmarked" = 1 then "userDiscussions"."dateBookmarked" else ${date} end`
          : null,
      }),
    )
    .execute();
  return bookmarked;
}

/** The `Bookmarks` me-count: the user's bookmarks (an indexed count on `userID, bookmarked`). */
export async function countBookmarks(db: DbOrTx, userID: number): Promise<number> {
  const row = await db
    .selectFrom("userDiscussions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userID", "=", userID)
    .where("bookmarked", "=", 1)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
