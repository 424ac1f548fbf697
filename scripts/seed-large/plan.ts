import { Random, WeightedPicker } from "./random";
import {
  ADJECTIVES,
  ANNOUNCEMENT_TITLES,
  BENCH_CATEGORIES,
  BENCH_MEMBERS,
  THINGS,
  TITLE_TEMPLATES,
  TOPICS,
  VERBS,
} from "./vocabulary";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface PlannedCategory {
  categoryID: number;
  parentCategoryID: number | null;
  depth: number;
  sort: number;
  path: string;
  key: string;
  name: string;
  description: string;
  displayAs: string;
  countCategories: number;
  countDiscussions: number;
  countComments: number;
  countAllDiscussions: number;
  countAllComments: number;
}

export interface PlannedUser {
  userID: number;
  name: string;
  moderator: boolean;
  dateInserted: number;
  dateLastActive: number;
  countDiscussions: number;
  countComments: number;
}

/**
 * The whole data set in memory, ids in insertion (primary-key) order; every stored count is computed here so
 * rows are written once with their final values. Discussion arrays are indexed by `discussionID - 1`, comment
 * arrays by `commentID - 1`; comment ids follow time, so each discussion's comments ascend in id and date.
 */
export interface Plan {
  now: number;
  users: PlannedUser[];
  categories: PlannedCategory[];
  discussionCount: number;
  commentCount: number;
  names: string[];
  discussionDate: Float64Array;
  discussionCategory: Int32Array;
  discussionAuthor: Int32Array;
  discussionComments: Int32Array;
  discussionLastCommentID: Int32Array;
  discussionLastUser: Int32Array;
  discussionLastDate: Float64Array;
  /** 0 not pinned, 1 pinned to "recent", 2 pinned to "category". */
  discussionPinned: Uint8Array;
  discussionViews: Int32Array;
  commentDiscussion: Int32Array;
  commentUser: Int32Array;
  commentDate: Float64Array;
}

function fill(template: string, random: Random): string {
  return template
    .replace("{topic}", random.pick(TOPICS))
    .replace("{thing}", random.pick(THINGS))
    .replace("{verb}", random.pick(VERBS))
    .replace("{adj}", random.pick(ADJECTIVES))
    .replace("{n}", String(random.int(2, 99)))
    .replace(/^./, (first) => first.toUpperCase());
}

function categoriesOf(): PlannedCategory[] {
  const byKey = new Map<string, PlannedCategory>();
  const categories: PlannedCategory[] = [];
  BENCH_CATEGORIES.forEach((source, index) => {
    const parent = source.parent === null ? null : (byKey.get(source.parent) ?? null);
    const categoryID = index + 1;
    const category: PlannedCategory = {
      categoryID,
      parentCategoryID: parent?.categoryID ?? null,
      depth: (parent?.depth ?? 0) + 1,
      sort: index,
      path: `${parent?.path ?? "/"}${categoryID}/`,
      key: source.key,
      name: source.name,
      description: source.description,
      displayAs: source.displayAs,
      countCategories: 0,
      countDiscussions: 0,
      countComments: 0,
      countAllDiscussions: 0,
      countAllComments: 0,
    };
    if (parent) parent.countCategories += 1;
    byKey.set(source.key, category);
    categories.push(category);
  });
  return categories;
}

/** Comment counts: most 0–15, some 16–99, a few 100–500; two forced 300+ threads; exactly `total` in all. */
function commentCounts(random: Random, discussions: number, total: number, forced: Map<number, number>) {
  const counts = new Int32Array(discussions);
  let sum = 0;
  for (let index = 0; index < discussions; index += 1) {
    const roll = random.next();
    let count: number;
    if (forced.has(index)) count = forced.get(index) ?? 0;
    else if (roll < 0.85) count = random.int(0, 12);
    else if (roll < 0.97) count = random.int(13, 35);
    else if (roll < 0.995) count = random.int(36, 99);
    else count = random.int(100, 500);
    counts[index] = count;
    sum += count;
  }
  let difference = total - sum;
  while (difference !== 0) {
    const index = random.int(0, discussions - 1);
    const count = counts[index] ?? 0;
    if (forced.has(index) || count > 40) continue;
    if (difference > 0) {
      counts[index] = count + 1;
      difference -= 1;
    } else if (count > 0) {
      counts[index] = count - 1;
      difference += 1;
    }
  }
  return counts;
}

export function buildPlan(options: {
  discussions: number;
  comments: number;
  seed: number;
  now: number;
}): Plan {
  const { discussions: discussionCount, comments: commentCount, now } = options;
  const random = new Random(options.seed);
  const categories = categoriesOf();
  const postable = categories.filter((category) => category.displayAs === "discussions");
  const categoryPicker = new WeightedPicker(
    postable.map((category) => BENCH_CATEGORIES.find((source) => source.key === category.key)?.weight ?? 0),
  );
  const announcementsID = categories.find((category) => category.key === "announcements")?.categoryID ?? 1;
  const users: PlannedUser[] = BENCH_MEMBERS.map((name, index) => ({
    userID: index + 1,
    name,
    moderator: index === 0,
    dateInserted: 0,
    dateLastActive: 0,
    countDiscussions: 0,
    countComments: 0,
  }));
  const userPicker = new WeightedPicker(users.map((_user, index) => 1 / (index + 2) ** 0.9));

  // Discussion dates over the last year, denser towards now, ascending with the id.
  const start = now - 365 * DAY;
  const span = 365 * DAY - 2 * HOUR;
  const discussionDate = new Float64Array(discussionCount);
  for (let index = 0; index < discussionCount; index += 1)
    discussionDate[index] = Math.floor(start + span * random.next() ** 0.75);
  discussionDate.sort();

  const discussionCategory = new Int32Array(discussionCount);
  const discussionAuthor = new Int32Array(discussionCount);
  const discussionPinned = new Uint8Array(discussionCount);
  const names: string[] = [];
  const announcements: number[] = [];
  for (let index = 0; index < discussionCount; index += 1) {
    const category = postable[categoryPicker.pick(random)];
    const categoryID = category?.categoryID ?? announcementsID;
    discussionCategory[index] = categoryID;
    if (categoryID === announcementsID) {
      announcements.push(index);
      discussionAuthor[index] = 1;
      names.push(`Release ${random.int(1, 3)}.${random.int(0, 12)}: ${fill("{topic} improvements", random)}`);
    } else {
      discussionAuthor[index] = (users[userPicker.pick(random)]?.userID ?? 1) | 0;
      names.push(fill(random.pick(TITLE_TEMPLATES), random));
    }
  }
  // A few pinned announcements: the two oldest to "recent" (site-wide), the two newest to their category.
  const pinned: [number | undefined, number][] = [
    [announcements[0], 1],
    [announcements[1], 1],
    [announcements[announcements.length - 2], 2],
    [announcements[announcements.length - 1], 2],
  ];
  pinned.forEach(([index, location], position) => {
    if (index === undefined) return;
    discussionPinned[index] = location;
    names[index] = ANNOUNCEMENT_TITLES[position] ?? names[index] ?? "";
  });

  // Two forced long threads: one started ten days ago and still active, one from the middle of the year.
  const recentIndex = Math.max(
    0,
    discussionDate.findIndex((date) => date >= now - 10 * DAY),
  );
  const forced = new Map<number, number>([
    [recentIndex, 420],
    [Math.floor(discussionCount * 0.4), 330],
  ]);
  const discussionComments = commentCounts(random, discussionCount, commentCount, forced);

  // Comment dates, grouped by discussion, strictly ascending within each discussion.
  const groupedDiscussion = new Int32Array(commentCount);
  const groupedUser = new Int32Array(commentCount);
  const groupedDate = new Float64Array(commentCount);
  const gaps = new Float64Array(600);
  let position = 0;
  for (let index = 0; index < discussionCount; index += 1) {
    const count = discussionComments[index] ?? 0;
    if (count === 0) continue;
    const started = discussionDate[index] ?? now;
    const available = now - MINUTE - started;
    const meanGap = random.pick([10 * MINUTE, HOUR, 4 * HOUR, 12 * HOUR]);
    let total = 0;
    for (let k = 0; k < count; k += 1) {
      gaps[k] = 30_000 + random.exponential(meanGap);
      total += gaps[k] ?? 0;
    }
    const scale = forced.has(index) ? (available * 0.999) / total : Math.min(1, (available * 0.97) / total);
    let time = started;
    let cumulative = 0;
    const author = discussionAuthor[index] ?? 1;
    for (let k = 0; k < count; k += 1) {
      cumulative += (gaps[k] ?? 0) * scale;
      time = Math.max(time + 1, Math.floor(started + cumulative));
      groupedDiscussion[position] = index;
      groupedDate[position] = time;
      groupedUser[position] = random.chance(0.15) ? author : (users[userPicker.pick(random)]?.userID ?? 1);
      position += 1;
    }
  }

  // Comment ids follow time; ties keep the grouped order, so each discussion's order is unchanged.
  const order = new Uint32Array(commentCount);
  for (let index = 0; index < commentCount; index += 1) order[index] = index;
  order.sort((a, b) => (groupedDate[a] ?? 0) - (groupedDate[b] ?? 0) || a - b);
  const commentDiscussion = new Int32Array(commentCount);
  const commentUser = new Int32Array(commentCount);
  const commentDate = new Float64Array(commentCount);
  const discussionLastCommentID = new Int32Array(discussionCount);
  const discussionLastUser = new Int32Array(discussionAuthor);
  const discussionLastDate = new Float64Array(discussionDate);
  for (let rank = 0; rank < commentCount; rank += 1) {
    const source = order[rank] ?? 0;
    const discussionIndex = groupedDiscussion[source] ?? 0;
    const date = groupedDate[source] ?? 0;
    const userID = groupedUser[source] ?? 1;
    commentDiscussion[rank] = discussionIndex + 1;
    commentUser[rank] = userID;
    commentDate[rank] = date;
    discussionLastCommentID[discussionIndex] = rank + 1;
    discussionLastUser[discussionIndex] = userID;
    discussionLastDate[discussionIndex] = date;
    const user = users[userID - 1];
    if (user) {
      user.countComments += 1;
      user.dateLastActive = Math.max(user.dateLastActive, date);
    }
  }

  const discussionViews = new Int32Array(discussionCount);
  const byID = new Map(categories.map((category) => [category.categoryID, category]));
  const firstPost = new Float64Array(users.length).fill(now);
  for (let index = 0; index < discussionCount; index += 1) {
    const comments = discussionComments[index] ?? 0;
    discussionViews[index] = comments * random.int(3, 12) + random.int(5, 200);
    const category = byID.get(discussionCategory[index] ?? 0);
    if (category) {
      category.countDiscussions += 1;
      category.countComments += comments;
    }
    const userID = discussionAuthor[index] ?? 1;
    const user = users[userID - 1];
    const date = discussionDate[index] ?? now;
    if (user) {
      user.countDiscussions += 1;
      user.dateLastActive = Math.max(user.dateLastActive, date);
      firstPost[userID - 1] = Math.min(firstPost[userID - 1] ?? now, date);
    }
  }
  for (let rank = 0; rank < commentCount; rank += 1) {
    const userID = commentUser[rank] ?? 1;
    firstPost[userID - 1] = Math.min(firstPost[userID - 1] ?? now, commentDate[rank] ?? now);
  }
  // countAll*: own counts plus every descendant's (walk each category's ancestors).
  for (const category of categories) {
    let current: PlannedCategory | undefined = category;
    while (current) {
      current.countAllDiscussions += category.countDiscussions;
      current.countAllComments += category.countComments;
      current = current.parentCategoryID === null ? undefined : byID.get(current.parentCategoryID);
    }
  }
  users.forEach((user, index) => {
    const first = firstPost[index] ?? now;
    user.dateInserted = Math.max(now - 400 * DAY, first - random.int(1, 30) * DAY);
    if (user.dateLastActive === 0) user.dateLastActive = user.dateInserted;
  });

  return {
    now,
    users,
    categories,
    discussionCount,
    commentCount,
    names,
    discussionDate,
    discussionCategory,
    discussionAuthor,
    discussionComments,
    discussionLastCommentID,
    discussionLastUser,
    discussionLastDate,
    discussionPinned,
    discussionViews,
    commentDiscussion,
    commentUser,
    commentDate,
  };
}
