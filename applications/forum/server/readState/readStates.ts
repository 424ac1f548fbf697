import type { AppContext } from "@library/server/app/appContext";
import { BoundedMap } from "@library/server/cache/boundedMap";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import type { DbOrTx } from "@library/server/db/database";
import { memberStateTerms, sharedCacheFor, type SharedCache } from "@library/server/http/sharedCache";
import type { Viewer } from "@library/server/permissions/viewer";
import { readStateBufferForDb, type ReadPosition } from "./readStateBuffer";

/** The stored per-member state of one discussion that read tracking looks at. */
export interface StoredReadState {
  dateLastViewed: string | null;
  countCommentsRead: number;
  lastReadCommentID: number | null;
}

/** The discussion fields read tracking needs. */
export interface ReadTrackedDiscussion {
  discussionID: number;
  categoryID: number;
  countComments: number;
  dateInserted: string;
  dateLastComment: string;
}

/** What a member sees of one discussion: unread at all, how many comments, and when they last opened it. */
export interface DiscussionReadState {
  unread: boolean;
  countUnread: number;
  /** null: never opened (a 'New' discussion). */
  dateLastViewed: string | null;
  /** Comments read, in date order (the first unread is the next one). */
  countCommentsRead: number;
}

/** categoryID 0 marks every category. */
export const ALL_CATEGORIES_MARK = 0;

/** Not a category: the key under which a member's marks carry the date they joined. */
export const JOINED_MARK = -1;

/**
 * The "new" window (as Discourse has it): a discussion a member never opened is New or unread only when it had
 * activity since they joined and within this many days, so a newcomer is not greeted by the whole archive.
 */
export const NEW_ACTIVITY_DAYS = 2;

/**
 * The window's start moves on by whole minutes: every member whose window starts there (all but those who joined
 * within it) shares the same date for a minute, so the counts of comments after it can be shared too
 * (`countsAfterMark`).
 */
const WINDOW_STEP_MS = 60_000;

/** The start of a member's "new" window: the later of the date they joined and NEW_ACTIVITY_DAYS ago. */
export function newActivityFloor(dateJoined: string | undefined, now = Date.now()): string {
  const start = now - NEW_ACTIVITY_DAYS * 24 * 60 * 60 * 1000;
  const windowStart = new Date(start - (start % WINDOW_STEP_MS)).toISOString();
  return dateJoined !== undefined && dateJoined > windowStart ? dateJoined : windowStart;
}

/** A member's "mark as read" dates by category (0 = everything), and under JOINED_MARK the date they joined. */
export async function loadReadMarks(db: DbOrTx, userID: number): Promise<Map<number, string>> {
  // A guest and a shared rendering's member (a negative id) have no row and no marks.
  if (userID <= 0) return new Map();
  // One statement: the member's row (the date they joined) with their marks, if any.
  const rows = await executeCompiledOnce(
    db,
    "readMarks",
    () =>
      db
        .selectFrom("users")
        .leftJoin("readMarks", "readMarks.userID", "users.userID")
        .select(["users.dateInserted", "readMarks.categoryID", "readMarks.dateMarkedRead"])
        .where("users.userID", "=", userID),
    [userID],
  );
  const marks = new Map<number, string>();
  for (const row of rows)
    if (row.categoryID !== null && row.dateMarkedRead !== null) marks.set(row.categoryID, row.dateMarkedRead);
  const joined = rows[0]?.dateInserted;
  if (joined !== undefined) marks.set(JOINED_MARK, joined);
  return marks;
}

const keptMarks = new WeakMap<object, SharedCache<ReadonlyMap<number, string>>>();

/**
 * A member's marks, kept on the terms of the shared pages (marking as read is a write, which retires them):
 * every page and list a member loads needs them.
 */
export function memberReadMarks(context: AppContext, viewer: Viewer): Promise<ReadonlyMap<number, string>> {
  if (context.config.sharedPageSeconds <= 0) return loadReadMarks(context.db, viewer.userID);
  return sharedCacheFor(keptMarks, context, { maxEntries: 10_000, maxBytes: 8 * 1024 * 1024 }).getOrMake(
    String(viewer.userID),
    memberStateTerms(context, viewer),
    async () => {
      const marks = await loadReadMarks(context.db, viewer.userID);
      return { value: marks, bytes: 64 + marks.size * 64 };
    },
  );
}

/** The latest mark covering a category: its own or the site-wide one. */
export function markFor(marks: ReadonlyMap<number, string>, categoryID: number): string | null {
  const own = marks.get(categoryID);
  const all = marks.get(ALL_CATEGORIES_MARK);
  if (own === undefined) return all ?? null;
  if (all === undefined) return own;
  return own > all ? own : all;
}

/** The mark of a discussion never opened: its category's mark, or the start of the "new" window if later. */
function neverOpenedMark(mark: string | null, floor: string): string {
  return mark !== null && mark > floor ? mark : floor;
}

/** The stored state with this process's pending position laid over it. */
export function withPending(
  stored: StoredReadState | undefined,
  pending: ReadPosition | undefined,
): StoredReadState | undefined {
  if (!pending) return stored;
  if (!stored) return pending;
  return {
    dateLastViewed:
      stored.dateLastViewed && stored.dateLastViewed > pending.dateLastViewed
        ? stored.dateLastViewed
        : pending.dateLastViewed,
    countCommentsRead: Math.max(stored.countCommentsRead, pending.countCommentsRead),
    lastReadCommentID:
      pending.countCommentsRead >= stored.countCommentsRead
        ? (pending.lastReadCommentID ?? stored.lastReadCommentID)
        : stored.lastReadCommentID,
  };
}

async function countCommentsAfter(
  db: DbOrTx,
  discussionIDs: number[],
  after: string,
): Promise<Map<number, number>> {
  // Compiled once per number of discussions (a page's discussion alone, a list's few started before the mark).
  const rows = await executeCompiledOnce(
    db,
    `commentsAfterMark:${discussionIDs.length}`,
    () =>
      db
        .selectFrom("comments")
        .select(["discussionID", (eb) => eb.fn.countAll<number>().as("count")])
        .where("discussionID", "in", discussionIDs)
        .where("dateInserted", ">", after)
        .where("deleteLogID", "is", null)
        .groupBy("discussionID"),
    [...discussionIDs, after],
  );
  return new Map(rows.map((row) => [row.discussionID, Number(row.count)]));
}

/** A discussion's comments after a mark, with the discussion's state they were counted in. */
interface CountAfterMark {
  countComments: number;
  dateLastComment: string;
  count: number;
}

/**
 * Counts kept per database: the mark of most members is the same (the window's start) for a minute. They never
 * expire (the discussion's row says when one is stale); at most 20,000, about 100 bytes each.
 */
const KEPT_COUNT_LIMITS = { maxEntries: 20_000, maxBytes: 2 * 1024 * 1024 };
const KEPT_COUNT_BYTES = 100;
const keptCountsByDb = new WeakMap<object, BoundedMap<CountAfterMark>>();

/** The counts kept for this database; none inside a transaction (its rows may never commit). */
function keptCountsOf(db: DbOrTx): BoundedMap<CountAfterMark> | undefined {
  if (db.isTransaction) return undefined;
  let kept = keptCountsByDb.get(db);
  if (!kept) {
    kept = new BoundedMap<CountAfterMark>(KEPT_COUNT_LIMITS);
    keptCountsByDb.set(db, kept);
  }
  return kept;
}

/**
 * Comments after `mark` in each discussion. A count is kept by discussion and mark with the discussion's comment
 * count and last comment date, and answered again only while the discussion shows both unchanged: a comment
 * added, deleted, restored or moved changes its discussion's count or last date, so no write needs to retire
 * it and every process checks it against the row it has just read. Inside a transaction counts are neither
 * taken nor kept.
 */
async function countsAfterMark(
  db: DbOrTx,
  discussions: readonly ReadTrackedDiscussion[],
  mark: string,
): Promise<Map<number, number>> {
  const kept = keptCountsOf(db);
  const counts = new Map<number, number>();
  const missing: { discussion: ReadTrackedDiscussion; key: string }[] = [];
  for (const discussion of discussions) {
    const key = `${discussion.discussionID}|${mark}`;
    const known = kept?.get(key);
    if (
      known &&
      known.countComments === discussion.countComments &&
      known.dateLastComment === discussion.dateLastComment
    )
      counts.set(discussion.discussionID, known.count);
    else missing.push({ discussion, key });
  }
  if (missing.length === 0) return counts;
  const found = await countCommentsAfter(
    db,
    missing.map(({ discussion }) => discussion.discussionID),
    mark,
  );
  for (const { discussion, key } of missing) {
    const count = found.get(discussion.discussionID) ?? 0;
    counts.set(discussion.discussionID, count);
    kept?.set(
      key,
      { countComments: discussion.countComments, dateLastComment: discussion.dateLastComment, count },
      { keepUntil: Number.POSITIVE_INFINITY, bytes: KEPT_COUNT_BYTES },
    );
  }
  return counts;
}

/**
 * Read state of each discussion for a member. A discussion is read up to the later of the member's own reading
 * (comments seen in date order) and a "mark as read" of its category or of everything; comments after a mark
 * are counted in one query per distinct mark date (only for discussions that changed since).
 */
export async function computeReadStates(
  db: DbOrTx,
  userID: number,
  discussions: readonly ReadTrackedDiscussion[],
  stored: ReadonlyMap<number, StoredReadState>,
  /** The member's marks when the caller has them (read here otherwise). */
  knownMarks?: ReadonlyMap<number, string>,
): Promise<Map<number, DiscussionReadState>> {
  const buffer = readStateBufferForDb(db);
  const marks =
    discussions.length === 0 ? new Map<number, string>() : (knownMarks ?? (await loadReadMarks(db, userID)));
  const result = new Map<number, DiscussionReadState>();
  const afterMark = new Map<string, ReadTrackedDiscussion[]>();
  const floor = newActivityFloor(marks.get(JOINED_MARK));
  for (const discussion of discussions) {
    const state = withPending(
      stored.get(discussion.discussionID),
      buffer?.pendingFor(userID, discussion.discussionID),
    );
    const viewed = state?.dateLastViewed ?? null;
    const categoryMark = markFor(marks, discussion.categoryID);
    const mark = viewed === null ? neverOpenedMark(categoryMark, floor) : categoryMark;
    const read = viewed ? Math.min(state?.countCommentsRead ?? 0, discussion.countComments) : 0;
    if (mark !== null && (viewed === null || mark >= viewed)) {
      const unread = discussion.dateLastComment > mark;
      // Started after the mark: every comment is after it too, no count needed.
      const allAfter = unread && discussion.dateInserted > mark;
      result.set(discussion.discussionID, {
        unread,
        countUnread: allAfter ? discussion.countComments : 0,
        dateLastViewed: viewed,
        countCommentsRead: allAfter ? 0 : discussion.countComments,
      });
      if (unread && !allAfter) afterMark.set(mark, [...(afterMark.get(mark) ?? []), discussion]);
      continue;
    }
    const countUnread = discussion.countComments - read;
    result.set(discussion.discussionID, {
      unread: viewed === null || countUnread > 0,
      countUnread,
      dateLastViewed: viewed,
      countCommentsRead: read,
    });
  }
  for (const [mark, marked] of afterMark) {
    const counts = await countsAfterMark(db, marked, mark);
    for (const { discussionID } of marked) {
      const state = result.get(discussionID);
      if (!state) continue;
      const countUnread = counts.get(discussionID) ?? 0;
      state.countUnread = countUnread;
      state.countCommentsRead = Math.max(0, state.countCommentsRead - countUnread);
    }
  }
  return result;
}
