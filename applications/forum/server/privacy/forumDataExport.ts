import type { AppContext } from "@library/server/app/appContext";

/** The forum part of a member's data: what they posted, reacted to, bookmarked and follow. */
export async function exportForumData(context: AppContext, userID: number): Promise<Record<string, unknown>> {
  const { db } = context;
  const [discussions, comments, reactions, discussionStates, categoryStates] = await Promise.all([
    db
      .selectFrom("discussions")
      .select(["discussionID", "categoryID", "name", "body", "format", "dateInserted", "dateUpdated"])
      .where("insertUserID", "=", userID)
      .orderBy("discussionID")
      .execute(),
    db
      .selectFrom("comments")
      .select([
        "commentID",
        "discussionID",
        "parentCommentID",
        "body",
        "format",
        "dateInserted",
        "dateUpdated",
      ])
      .where("insertUserID", "=", userID)
      .orderBy("commentID")
      .execute(),
    db
      .selectFrom("reactions")
      .innerJoin("reactionTypes", "reactionTypes.tagID", "reactions.tagID")
      .select([
        "reactions.recordType",
        "reactions.recordID",
        "reactionTypes.urlcode",
        "reactions.dateInserted",
      ])
      .where("reactions.userID", "=", userID)
      .execute(),
    db.selectFrom("userDiscussions").selectAll().where("userID", "=", userID).execute(),
    db.selectFrom("userCategories").selectAll().where("userID", "=", userID).execute(),
  ]);
  return {
    discussions,
    comments,
    reactions,
    bookmarks: discussionStates.filter((state) => state.bookmarked === 1).map((state) => state.discussionID),
    readState: discussionStates.map(({ discussionID, dateLastViewed, countCommentsRead, muted }) => ({
      discussionID,
      dateLastViewed,
      countCommentsRead,
      muted,
    })),
    categoryPreferences: categoryStates,
  };
}
