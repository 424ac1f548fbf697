import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import type { DigestPeriod } from "./digestPeriods";

/** One discussion in a digest, with what happened in it during the period (by others than the reader). */
export interface DigestItem {
  discussionID: number;
  name: string;
  categoryName: string;
  /** Started during the period. */
  isNew: boolean;
  newComments: number;
  newReactions: number;
  countViews: number;
}

export interface DigestContent {
  /** The most active discussions of the period (comments, reactions, views), at most `POPULAR_LIMIT`. */
  popular: DigestItem[];
  /** New activity in discussions the member bookmarked or in categories they follow, at most `FOLLOWED_LIMIT`. */
  followed: DigestItem[];
}

const POPULAR_LIMIT = 5;
const FOLLOWED_LIMIT = 10;
/** Discussions with activity looked at per period and member (the busiest first). */
const CANDIDATE_LIMIT = 200;

function popularity(item: DigestItem): number {
  return (
    item.newComments * 3 + item.newReactions * 2 + (item.isNew ? 2 : 0) + Math.min(item.countViews, 1000) / 50
  );
}

/**
 * What one member's digest of a period holds: only discussions they may read (category permissions and every
 * add-on's visibility rule, checked for this member), and only activity by others. Empty: nothing new.
 */
export async function digestContent(
  context: AppContext,
  viewer: Viewer,
  period: Pick<DigestPeriod, "start" | "end">,
): Promise<DigestContent> {
  const { db } = context;
  const me = viewer.userID;
  const categories = await db
    .selectFrom("categories")
    .select(["categoryID", "permissionCategoryID", "name"])
    .execute();
  const readable = categories.filter((category) =>
    viewer.has("discussions.view", {
      type: "category",
      id: category.permissionCategoryID > 0 ? category.permissionCategoryID : category.categoryID,
    }),
  );
  if (readable.length === 0) return { popular: [], followed: [] };
  const categoryNames = new Map(readable.map((category) => [category.categoryID, category.name]));

  const commented = await db
    .selectFrom("comments")
    .select(["discussionID", (eb) => eb.fn.countAll<number | string>().as("count")])
    .where("dateInserted", ">=", period.start)
    .where("dateInserted", "<", period.end)
    .where("insertUserID", "!=", me)
    .where("deleteLogID", "is", null)
    .groupBy("discussionID")
    .orderBy((eb) => eb.fn.countAll(), "desc")
    .limit(CANDIDATE_LIMIT)
    .execute();
  const started = await db
    .selectFrom("discussions")
    .select("discussionID")
    .where("dateInserted", ">=", period.start)
    .where("dateInserted", "<", period.end)
    .where("insertUserID", "!=", me)
    .where("deleteLogID", "is", null)
    .orderBy("discussionID", "desc")
    .limit(CANDIDATE_LIMIT)
    .execute();
  const newComments = new Map(commented.map((row) => [row.discussionID, Number(row.count)]));
  const candidateIDs = [...new Set([...newComments.keys(), ...started.map((row) => row.discussionID)])];
  if (candidateIDs.length === 0) return { popular: [], followed: [] };

  const { conditions } = await discussionVisibility(context).forViewer(context, viewer);
  const discussions = await db
    .selectFrom("discussions")
    .select(["discussionID", "name", "categoryID", "countViews", "dateInserted", "insertUserID"])
    .where("discussionID", "in", candidateIDs)
    .where("deleteLogID", "is", null)
    .where("categoryID", "in", [...categoryNames.keys()])
    .where((eb) => eb.and(conditions.map((visible) => visible(eb.ref("discussions.discussionID")))))
    .execute();
  if (discussions.length === 0) return { popular: [], followed: [] };
  const visibleIDs = discussions.map((row) => row.discussionID);

  const [reactions, bookmarks, follows] = await Promise.all([
    db
      .selectFrom("reactions")
      .select(["recordID", (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("recordType", "=", "discussion")
      .where("recordID", "in", visibleIDs)
      .where("dateInserted", ">=", period.start)
      .where("dateInserted", "<", period.end)
      .where("userID", "!=", me)
      .groupBy("recordID")
      .execute(),
    db
      .selectFrom("userDiscussions")
      .select("discussionID")
      .where("userID", "=", me)
      .where("bookmarked", "=", 1)
      .where("discussionID", "in", visibleIDs)
      .execute(),
    db
      .selectFrom("userCategories")
      .select("categoryID")
      .where("userID", "=", me)
      .where("followed", "=", 1)
      .execute(),
  ]);
  const newReactions = new Map(reactions.map((row) => [row.recordID, Number(row.count)]));
  const bookmarked = new Set(bookmarks.map((row) => row.discussionID));
  const followedCategories = new Set(follows.map((row) => row.categoryID));

  const items = discussions.map((row) => ({
    item: {
      discussionID: row.discussionID,
      name: row.name,
      categoryName: categoryNames.get(row.categoryID) ?? "",
      isNew: row.dateInserted >= period.start && row.dateInserted < period.end && row.insertUserID !== me,
      newComments: newComments.get(row.discussionID) ?? 0,
      newReactions: newReactions.get(row.discussionID) ?? 0,
      countViews: row.countViews,
    },
    followed: bookmarked.has(row.discussionID) || followedCategories.has(row.categoryID),
  }));
  const busiestFirst = (a: DigestItem, b: DigestItem) =>
    popularity(b) - popularity(a) || b.discussionID - a.discussionID;
  const followed = items
    .filter((entry) => entry.followed)
    .map((entry) => entry.item)
    .sort(busiestFirst)
    .slice(0, FOLLOWED_LIMIT);
  const inFollowed = new Set(followed.map((item) => item.discussionID));
  const popular = items
    .map((entry) => entry.item)
    .filter((item) => !inFollowed.has(item.discussionID))
    .sort(busiestFirst)
    .slice(0, POPULAR_LIMIT);
  return { popular, followed };
}

export function isEmptyDigest(content: DigestContent): boolean {
  return content.popular.length === 0 && content.followed.length === 0;
}
