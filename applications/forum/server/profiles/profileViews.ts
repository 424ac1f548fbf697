import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { User } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import {
  canViewProfileCards,
  getProfileRowByName,
  presentProfile,
  profileViewFor,
  type ProfileRow,
  type ProfileView,
} from "@library/server/users/userProfiles";
import { excerptOf } from "@library/server/formats/renderBody";
import { toApiDate } from "@library/server/http/dates";
import { loadCommentParents } from "../comments/commentRows";
import { commentUrl, discussionUrl } from "../content/urls";
import { presentComments } from "../comments/commentsPresenter";
import { listComments } from "../comments/commentsQueries";
import { presentDiscussions } from "../discussions/discussionsPresenter";
import { listDiscussions } from "../discussions/discussionsQueries";
import { reactionsReceived } from "../reactions/reactionsReceived";
import { isFlagType, listReactionTypes } from "../reactions/reactionTypes";

export const PROFILE_LIST_LIMIT = 30;

/** A profile the viewer may open, or why not: 403 (may not read profiles) or 404 (unknown or deleted). */
export type ProfileLookup =
  { status: 200; row: ProfileRow; user: User; view: ProfileView; isSelf: boolean } | { status: 403 | 404 };

/**
 * The member a `/profile/…/{username}` page is about. A viewer without profiles.view (or users.*) gets the
 * permission page for anyone but themself, so the page does not reveal which names exist.
 */
export async function lookupProfile(
  context: AppContext,
  viewer: Viewer,
  name: string,
): Promise<ProfileLookup> {
  const row = await getProfileRowByName(context.db, name);
  const exists = row !== undefined && row.deleted !== 1;
  const isSelf = exists && row.userID === viewer.userID;
  if (!isSelf && !canViewProfileCards(viewer)) return { status: 403 };
  if (!exists) return { status: 404 };
  const bannedPrivateProfile = await context.settings.get<boolean>("ui.bannedPrivateProfile");
  const view = profileViewFor(viewer, row, bannedPrivateProfile);
  const user = presentProfile(row, view);
  if (view !== "private") await context.userLabels.addLabels(context, [user]);
  return { status: 200, row, user, view, isSelf };
}

/** One page of a member's list; `total` is unknown when the viewer cannot see every category. */
export interface ProfileListPage<T> {
  items: T[];
  page: number;
  limit: number;
  total: number | undefined;
}

export async function profileDiscussions(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  page: number,
): Promise<ProfileListPage<Discussion>> {
  const result = await listDiscussions(context, viewer, {
    insertUserID: [userID],
    sort: "-dateInserted",
    page,
    limit: PROFILE_LIST_LIMIT,
  });
  const items = await presentDiscussions(context.db, viewer, result.tree, result.rows, {
    expand: ["insertUser", "category", "-body"],
  });
  return { items, page: result.page, limit: result.limit, total: result.total };
}

export async function profileComments(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  page: number,
): Promise<ProfileListPage<Comment>> {
  const result = await listComments(context, viewer, {
    insertUserID: userID,
    sort: "-dateInserted",
    page,
    limit: PROFILE_LIST_LIMIT,
  });
  const parents = await loadCommentParents(
    context.db,
    result.rows.map((row) => row.discussionID),
  );
  const items = await presentComments(context.db, result.tree, result.rows, parents, {
    defaults: ["insertUser"],
  });
  return { items, page: result.page, limit: result.limit, total: result.total };
}

const ACTIVITY_EXCERPT_LENGTH = 160;

/** One line of a member's recent activity: a discussion started or a comment written. */
export interface ActivityItem {
  kind: "discussion" | "comment";
  name: string;
  url: string;
  excerpt: string;
  dateInserted: string;
}

/**
 * The Profile tab's activity: the member's newest discussions and comments the viewer may read, newest first,
 * `limit` in all, built from the rows (their stored text, their discussion's name) without presenting them.
 */
export async function recentActivity(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  limit: number,
): Promise<ActivityItem[]> {
  const newest = { sort: "-dateInserted", page: 1, limit } as const;
  const [discussions, comments] = await Promise.all([
    listDiscussions(context, viewer, { ...newest, insertUserID: [userID] }),
    listComments(context, viewer, { ...newest, insertUserID: userID }),
  ]);
  const parents = await loadCommentParents(
    context.db,
    comments.rows.map((row) => row.discussionID),
  );
  const items: ActivityItem[] = [
    ...discussions.rows.map((row) => ({
      kind: "discussion" as const,
      name: row.name,
      url: discussionUrl(row.discussionID, row.name),
      excerpt: excerptOf(row.bodyText, ACTIVITY_EXCERPT_LENGTH),
      dateInserted: toApiDate(row.dateInserted) ?? row.dateInserted,
    })),
    ...comments.rows.flatMap((row) => {
      const parent = parents.get(row.discussionID);
      return parent
        ? [
            {
              kind: "comment" as const,
              name: parent.name,
              url: commentUrl(row.commentID),
              excerpt: excerptOf(row.bodyText, ACTIVITY_EXCERPT_LENGTH),
              dateInserted: toApiDate(row.dateInserted) ?? row.dateInserted,
            },
          ]
        : [];
    }),
  ];
  return items.sort((a, b) => b.dateInserted.localeCompare(a.dateInserted)).slice(0, limit);
}

/** One reaction type and how many times the member received it. */
export interface ReceivedReaction {
  urlcode: string;
  name: string;
  count: number;
}

/**
 * Reactions the member received, by type (from the reactions feature), leaving out flags and hidden types.
 * With `urlcode`, only that type; null when no such type is shown.
 */
export async function profileReactions(
  context: AppContext,
  userID: number,
  urlcode: string | undefined,
): Promise<ReceivedReaction[] | null> {
  const [types, counts] = await Promise.all([
    listReactionTypes(context.db, true),
    reactionsReceived(context.db, userID),
  ]);
  const shown = types
    .filter((type) => !isFlagType(type) && type.hidden !== 1)
    .map((type) => ({ urlcode: type.urlcode, name: type.name, count: counts.get(type.urlcode) ?? 0 }));
  if (urlcode === undefined) return shown;
  const one = shown.find((type) => type.urlcode.toLowerCase() === urlcode.toLowerCase());
  return one ? [one] : null;
}
