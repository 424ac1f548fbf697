import type { DbOrTx } from "@library/server/db/database";
import { listReactionTypes } from "./reactionTypes";
import "./reactionTables";

/**
 * Reactions received by a user on their discussions and comments, by type urlcode (every active type, 0 when
 * none): two grouped queries, joined to the posts so reactions on removed posts do not count.
 */
export async function reactionsReceived(db: DbOrTx, userID: number): Promise<Map<string, number>> {
  const [types, onDiscussions, onComments] = await Promise.all([
    listReactionTypes(db, true),
    db
      .selectFrom("reactions")
      .innerJoin("discussions", "discussions.discussionID", "reactions.recordID")
      .select(["reactions.tagID", (eb) => eb.fn.countAll<number>().as("count")])
      .where("reactions.recordType", "=", "discussion")
      .where("discussions.insertUserID", "=", userID)
      .where("discussions.deleteLogID", "is", null)
      .groupBy("reactions.tagID")
      .execute(),
    db
      .selectFrom("reactions")
      .innerJoin("comments", "comments.commentID", "reactions.recordID")
      .select(["reactions.tagID", (eb) => eb.fn.countAll<number>().as("count")])
      .where("reactions.recordType", "=", "comment")
      .where("comments.insertUserID", "=", userID)
      .where("comments.deleteLogID", "is", null)
      .groupBy("reactions.tagID")
      .execute(),
  ]);
  const byTag = new Map<number, number>();
  for (const row of [...onDiscussions, ...onComments])
    byTag.set(row.tagID, (byTag.get(row.tagID) ?? 0) + Number(row.count));
  return new Map(types.map((type) => [type.urlcode, byTag.get(type.tagID) ?? 0]));
}
