import type { Comment } from "@forum/api/comments";
import type { DbOrTx } from "@library/server/db/database";
import { toApiDate } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { UserFragment } from "@forum/api/users";
import { presentCategoryFragment } from "../categories/categoriesPresenter";
import type { CategoryTree } from "../categories/categoryTree";
import { commentUrl } from "../content/urls";
import { resolveExpand } from "../http/expand";
import { loadReactionSummaries } from "../reactions/reactionSummaries";
import { reportMetaOf } from "../reports/reportMeta";
import type { CommentParent, ShownCommentRow } from "./commentRows";

export interface CommentPresentOptions {
  expand?: readonly string[];
  /** `insertUser` is on by default for lists (API.md 8.1 DECISION). */
  defaults?: readonly string[];
  /** The session user, for `hasReacted` in `expand=reactions` and for `expand=reportMeta` (none: left out). */
  viewer?: Viewer;
  /** Users the request already read (the discussion's author with the page's): not read again. */
  knownUsers?: ReadonlyMap<number, UserFragment>;
}

/** `scoreChildComments`: the summed score of each comment's live replies, read with the page (one query). */
async function loadChildScores(db: DbOrTx, commentIDs: readonly number[]): Promise<Map<number, number>> {
  if (commentIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom("comments")
    .select("parentCommentID")
    .select((eb) => eb.fn.sum<number>("score").as("total"))
    .where("parentCommentID", "in", [...commentIDs])
    .where("deleteLogID", "is", null)
    .groupBy("parentCommentID")
    .execute();
  return new Map(rows.map((row) => [row.parentCommentID ?? 0, Number(row.total ?? 0)]));
}

/** Comments (API.md 8.1): one batched query for the authors; parents and categories are passed in. */
export async function presentComments(
  db: DbOrTx,
  tree: CategoryTree,
  rows: readonly ShownCommentRow[],
  parents: ReadonlyMap<number, CommentParent>,
  options: CommentPresentOptions = {},
): Promise<Comment[]> {
  const on = resolveExpand(options.expand, {
    all: ["insertUser", "raw", "category", "reactions", "reportMeta"],
    defaults: ["body", ...(options.defaults ?? [])],
  });
  const [users, reactions, childScores, reportMeta] = await Promise.all([
    on.has("insertUser")
      ? loadUserFragments(
          db,
          rows.map((row) => row.insertUserID),
          options.knownUsers,
        )
      : null,
    on.has("reactions")
      ? loadReactionSummaries(
          db,
          options.viewer ?? null,
          "comment",
          rows.map((row) => row.commentID),
        )
      : null,
    loadChildScores(
      db,
      rows.filter((row) => row.countChildComments > 0).map((row) => row.commentID),
    ),
    on.has("reportMeta") && options.viewer
      ? reportMetaOf(
          db,
          tree,
          options.viewer,
          "comment",
          rows.map((row) => ({
            recordID: row.commentID,
            categoryID: parents.get(row.discussionID)?.categoryID ?? 0,
          })),
        )
      : null,
  ]);
  return rows.map((row) => {
    const parent = parents.get(row.discussionID);
    const categoryID = parent?.categoryID ?? 0;
    const category = tree.get(categoryID);
    const comment: Comment = {
      commentID: row.commentID,
      parentRecordType: "discussion",
      parentRecordID: row.discussionID,
      discussionID: row.discussionID,
      depth: row.depth,
      name: `Re: ${parent?.name ?? ""}`,
      format: row.format as Comment["format"],
      categoryID,
      dateInserted: toApiDate(row.dateInserted),
      dateUpdated: toApiDate(row.dateUpdated),
      insertUserID: row.insertUserID,
      updateUserID: row.updateUserID,
      score: row.score,
      scoreChildComments: childScores.get(row.commentID) ?? 0,
      countChildComments: row.countChildComments,
      url: commentUrl(row.commentID),
      attributes: {},
    };
    // An integer, or absent for a top-level comment (API clients do not expect null).
    if (row.parentCommentID !== null) comment.parentCommentID = row.parentCommentID;
    if (on.has("body")) comment.body = row.bodyHtml;
    if (on.has("raw")) {
      if (row.body === undefined) throw new Error("expand=raw needs the comments' source: read whole rows.");
      comment.bodyRaw = row.body;
    }
    if (users) comment.insertUser = userFragmentOf(users, row.insertUserID);
    if (reactions) comment.reactions = reactions.get(row.commentID) ?? [];
    if (on.has("category") && category) comment.category = presentCategoryFragment(category);
    // Only for the viewer's moderated categories (API.md 2.10): absent elsewhere.
    const reports = reportMeta?.get(row.commentID);
    if (reports) comment.reportMeta = reports;
    return comment;
  });
}
