import type { ReactionRecordType, ReactionsBarProps } from "@forum/api/reactions";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadReactionSummariesByType } from "./reactionSummaries";
import { classPermission, isFlagType, listReactionTypes, PROMOTE_URLCODE } from "./reactionTypes";

/**
 * Urlcodes of the reaction buttons a viewer gets in a category (SPEC 5): the classes they may add, never Flag,
 * Promote only with curation.manage; nothing without comments.add there (SPEC 6 "Reactions area").
 */
export function permittedReactionTypes(
  viewer: Viewer,
  types: readonly { urlcode: string; class: string | null }[],
  categoryID: number,
): string[] {
  if (viewer.isGuest || !viewer.has("comments.add", { type: "category", id: categoryID })) return [];
  return types
    .filter((type) => !isFlagType(type))
    .filter((type) =>
      type.urlcode === PROMOTE_URLCODE
        ? viewer.has("curation.manage")
        : viewer.has([classPermission(type.class), "site.manage", "community.moderate"]),
    )
    .map((type) => type.urlcode);
}

/** `ReactionsBar` props for the posts of one page: one query for the counts of all, one for the viewer's own. */
export async function reactionsBarProps(
  db: DbOrTx,
  viewer: Viewer,
  categoryID: number,
  posts: { recordType: ReactionRecordType; recordID: number; score: number }[],
): Promise<ReactionsBarProps[]> {
  const idsOf = (recordType: ReactionRecordType) =>
    posts.filter((post) => post.recordType === recordType).map((post) => post.recordID);
  // The active types are read once for the bar and both kinds of post.
  const activeTypes = listReactionTypes(db, true);
  const [types, summaries] = await Promise.all([
    activeTypes,
    // Only the reactions each post has: the picker's other types come from the catalogue (GET /reactions) when a
    // reader first opens it, so a page of 30 comments does not repeat the whole catalogue 31 times.
    loadReactionSummariesByType(
      db,
      viewer,
      { discussion: idsOf("discussion"), comment: idsOf("comment") },
      activeTypes,
      true,
    ),
  ]);
  const permittedTypes = permittedReactionTypes(viewer, types, categoryID);
  const canViewLog = viewer.has("reactions.view");
  const isModerator = viewer.has("community.moderate");
  // Written out: on Node 20 a literal that starts with a spread and adds fields makes new hidden classes on
  // every call (docs/performance.md).
  return posts.map(({ recordType, recordID, score }) => ({
    recordType,
    recordID,
    score,
    reactions: summaries.get(recordType)?.get(recordID) ?? [],
    permittedTypes,
    canViewLog,
    isModerator,
  }));
}
