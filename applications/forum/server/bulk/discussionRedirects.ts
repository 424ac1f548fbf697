import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import { sql } from "kysely";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import { prepareBody } from "../content/bodies";
import { discussionUrl } from "../content/urls";
import type { DiscussionRow } from "../discussions/discussionRows";
import type { LockedCategories } from "../locks/forumRowLocks";

/** The `type` of a redirect stub: it cannot be moved, and its page points at where the discussion went. */
export const REDIRECT_TYPE = "redirect";

/** The stub's words: a link to where the discussion is now. */
function redirectBody(context: AppContext, target: { discussionID: number; name: string }) {
  const text = context.pages.translator()("This discussion has been moved.");
  return prepareBody(
    "markdown",
    `${text} [${target.name.replace(/[[\]]/g, "")}](${discussionUrl(target.discussionID, target.name)})`,
  );
}

/**
 * Leaves a redirect stub where a moved discussion was (`addRedirects`): a closed discussion of type `redirect`
 * by the same author, in the old category, linking to the new place. It counts like any discussion, so the
 * category and the author gain one each (the caller holds the category chain's lock).
 */
export async function insertRedirectStub(
  context: AppContext,
  trx: DbOrTx,
  categories: LockedCategories,
  moved: DiscussionRow,
  categoryID: number,
): Promise<void> {
  const now = nowIso();
  await trx
    .insertInto("discussions")
    .values({
      type: REDIRECT_TYPE,
      categoryID,
      name: moved.name,
      ...redirectBody(context, moved),
      insertUserID: moved.insertUserID,
      dateInserted: moved.dateInserted,
      updateUserID: null,
      dateUpdated: now,
      dateLastComment: moved.dateInserted,
      lastUserID: moved.insertUserID,
      lastCommentID: null,
      countComments: 0,
      countViews: 0,
      score: 0,
      hot: 0,
      pinned: 0,
      pinLocation: null,
      closed: 1,
      sink: 0,
      statusID: 0,
      resolved: 0,
    })
    .execute();
  await adjustCategoryCounts(trx, categories, categoryID, { discussions: 1 });
  await trx
    .updateTable("users")
    .set({ countDiscussions: sql`"countDiscussions" + 1` })
    .where("userID", "=", moved.insertUserID)
    .execute();
}

/**
 * Turns a merged discussion into a redirect stub in place (merge with `addRedirects`): its comments went to
 * the destination, so it keeps no comments; it stays a live discussion of its author in its category.
 */
export async function turnIntoRedirectStub(
  context: AppContext,
  trx: DbOrTx,
  source: DiscussionRow,
  destination: { discussionID: number; name: string },
): Promise<void> {
  await trx
    .updateTable("discussions")
    .set({
      type: REDIRECT_TYPE,
      ...redirectBody(context, destination),
      countComments: 0,
      lastCommentID: null,
      lastUserID: source.insertUserID,
      ...(source.sink === 1 ? {} : { dateLastComment: source.dateInserted }),
      hot: source.score,
      closed: 1,
      pinned: 0,
      pinLocation: null,
      dateUpdated: nowIso(),
    })
    .where("discussionID", "=", source.discussionID)
    .execute();
}
