import type { Discussion } from "@forum/api/discussions";
import { DISCUSSION_EXPANDS } from "@forum/api/discussions";
import type { DbOrTx } from "@library/server/db/database";
import { excerptOf } from "@library/server/formats/renderBody";
import { presentPostMeta } from "../postTypes/postMeta";
import { toApiDate } from "@library/server/http/dates";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { UserFragment } from "@forum/api/users";
import { lastPostAuthorID, presentLastPost } from "./lastPostFragment";
import { categoryPermissionsFor, presentCategoryFragment } from "../categories/categoriesPresenter";
import { categoryBreadcrumbs, type CategoryTree } from "../categories/categoryTree";
import { discussionUrl } from "../content/urls";
import { resolveExpand } from "../http/expand";
import { loadReactionSummaries } from "../reactions/reactionSummaries";
import { computeReadStates, type DiscussionReadState } from "../readState/readStates";
import { reportMetaOf } from "../reports/reportMeta";
import { loadTagFragments } from "../tags/tagQueries";
import type { DiscussionRow } from "./discussionRows";

export interface UserDiscussionState {
  bookmarked: number;
  dismissed: number;
  muted: number;
  dateLastViewed: string | null;
  countCommentsRead: number;
  lastReadCommentID: number | null;
}

export interface DiscussionPresentOptions {
  expand?: readonly string[];
  /** Expands on by default (e.g. insertUser after a write). */
  defaults?: readonly string[];
  excerptLength?: number;
  /** Users the request already read (the page's comment authors with the discussion's): not read again. */
  knownUsers?: ReadonlyMap<number, UserFragment>;
}

const POSITIVE_EXPANDS = DISCUSSION_EXPANDS.filter((name) => name !== "all" && !name.startsWith("-"));

/** The fields of a discussion that are the reader's own (API.md 7.1): the rest is the same for every reader. */
export type MemberDiscussionFields = Pick<
  Discussion,
  "bookmarked" | "unread" | "countUnread" | "dateLastViewed" | "dismissed" | "muted"
>;

/** A reader's own fields of a discussion, from their stored state and computed read state (none: a guest's). */
export function memberDiscussionFields(
  state: UserDiscussionState | undefined,
  readState: DiscussionReadState | undefined,
): MemberDiscussionFields {
  return {
    bookmarked: state?.bookmarked === 1,
    unread: readState?.unread ?? false,
    countUnread: readState?.countUnread ?? 0,
    dateLastViewed: toApiDate(readState?.dateLastViewed ?? null),
    dismissed: state?.dismissed === 1,
    muted: state?.muted === 1,
  };
}

/** The session user's per-discussion state in one query; guests and shared renderings cost none. */
export async function loadUserDiscussionStates(
  db: DbOrTx,
  viewer: Viewer,
  discussionIDs: readonly number[],
): Promise<Map<number, UserDiscussionState>> {
  if (!viewer.hasOwnState || discussionIDs.length === 0) return new Map();
  // Every page and list a member loads reads this: compiled once per number of discussions.
  const rows = await executeCompiledOnce(
    db,
    `userDiscussionStates:${discussionIDs.length}`,
    () =>
      db
        .selectFrom("userDiscussions")
        .select([
          "discussionID",
          "bookmarked",
          "dismissed",
          "muted",
          "dateLastViewed",
          "countCommentsRead",
          "lastReadCommentID",
        ])
        .where("userID", "=", viewer.userID)
        .where("discussionID", "in", [...discussionIDs]),
    [viewer.userID, ...discussionIDs],
  );
  return new Map(rows.map((row) => [row.discussionID, row]));
}

/**
 * Discussions (API.md 7.1) for a viewer: one batched query for the users any expand needs and one for the
 * viewer's per-discussion state; categories come from the cached tree.
 */
export async function presentDiscussions(
  db: DbOrTx,
  viewer: Viewer,
  tree: CategoryTree,
  rows: readonly DiscussionRow[],
  options: DiscussionPresentOptions = {},
): Promise<Discussion[]> {
  const on = resolveExpand(options.expand, {
    all: POSITIVE_EXPANDS,
    defaults: ["body", ...(options.defaults ?? [])],
  });
  const userIDs = new Set<number>();
  for (const row of rows) {
    if (on.has("insertUser")) userIDs.add(row.insertUserID);
    if (on.has("lastUser") || on.has("lastPost"))
      userIDs.add(row.lastCommentID ? row.lastUserID : row.insertUserID);
    if (on.has("lastUser")) userIDs.add(row.lastUserID);
  }
  const discussionIDs = rows.map((row) => row.discussionID);
  const [users, states, reactions, tags, reportMeta] = await Promise.all([
    loadUserFragments(db, userIDs, options.knownUsers),
    loadUserDiscussionStates(db, viewer, discussionIDs),
    on.has("reactions") ? loadReactionSummaries(db, viewer, "discussion", discussionIDs) : null,
    on.has("tags") || on.has("tagIDs") ? loadTagFragments(db, discussionIDs) : null,
    on.has("reportMeta")
      ? reportMetaOf(
          db,
          tree,
          viewer,
          "discussion",
          rows.map((row) => ({ recordID: row.discussionID, categoryID: row.categoryID })),
        )
      : null,
  ]);
  const readStates = viewer.isGuest ? null : await computeReadStates(db, viewer.userID, rows, states);
  const staff = viewer.has("staff.allow");
  return rows.map((row) => {
    const state = states.get(row.discussionID);
    const category = tree.get(row.categoryID);
    const url = discussionUrl(row.discussionID, row.name);
    const readState = readStates?.get(row.discussionID);
    const discussion: Discussion = {
      discussionID: row.discussionID,
      type: row.type,
      postTypeID: row.postTypeID ?? row.type,
      name: row.name,
      format: row.format as Discussion["format"],
      categoryID: row.categoryID,
      url,
      canonicalUrl: url,
      dateInserted: toApiDate(row.dateInserted),
      dateUpdated: toApiDate(row.dateUpdated),
      dateLastComment: toApiDate(row.dateLastComment),
      insertUserID: row.insertUserID,
      updateUserID: row.updateUserID,
      lastUserID: row.lastUserID,
      pinned: row.pinned === 1,
      pinLocation: row.pinned === 1 ? ((row.pinLocation ?? "category") as Discussion["pinLocation"]) : null,
      announce: row.pinned === 1,
      closed: row.closed === 1,
      sink: row.sink === 1,
      countComments: row.countComments,
      countViews: row.countViews,
      score: row.score,
      hot: row.hot,
      statusID: row.statusID,
      ...memberDiscussionFields(state, readState),
      attributes: {},
    };
    const postMeta = presentPostMeta(row.postMeta);
    if (postMeta) discussion.postMeta = postMeta;
    if (on.has("body")) discussion.body = row.bodyHtml;
    if (on.has("excerpt")) discussion.excerpt = excerptOf(row.bodyText, options.excerptLength);
    if (on.has("raw")) discussion.bodyRaw = row.body;
    if (staff) discussion.resolved = row.resolved === 1;
    if (on.has("insertUser")) discussion.insertUser = userFragmentOf(users, row.insertUserID);
    if (on.has("lastUser")) discussion.lastUser = userFragmentOf(users, row.lastUserID);
    if (on.has("lastPost"))
      discussion.lastPost = presentLastPost(row, userFragmentOf(users, lastPostAuthorID(row)));
    if (on.has("category") && category) discussion.category = presentCategoryFragment(category);
    if (on.has("breadcrumbs")) discussion.breadcrumbs = categoryBreadcrumbs(tree, row.categoryID);
    if (reactions) discussion.reactions = reactions.get(row.discussionID) ?? [];
    if (on.has("permissions")) discussion.permissions = categoryPermissionsFor(tree, viewer, row.categoryID);
    const tagList = tags?.get(row.discussionID) ?? [];
    if (on.has("tags")) discussion.tags = tagList;
    if (on.has("tagIDs")) discussion.tagIDs = tagList.map((tag) => tag.tagID);
    // Only for the viewer's moderated categories (API.md 2.10): absent elsewhere.
    const reports = reportMeta?.get(row.discussionID);
    if (reports) discussion.reportMeta = reports;
    return discussion;
  });
}

export async function presentDiscussion(
  db: DbOrTx,
  viewer: Viewer,
  tree: CategoryTree,
  row: DiscussionRow,
  options: DiscussionPresentOptions = {},
): Promise<Discussion> {
  const [discussion] = await presentDiscussions(db, viewer, tree, [row], options);
  if (!discussion) throw new Error("A presented discussion went missing.");
  return discussion;
}
