import type { DbOrTx } from "@library/server/db/database";
import { sql } from "kysely";

/** How much each signal weighs; a post is held when the sum is over `moderation.spamThreshold`. */
export const SPAM_WEIGHTS = {
  /** Per link in the post, up to `maxLinks`. */
  link: 2,
  maxLinks: 6,
  /** Per earlier copy of the same text by the same member in the last day, up to two. */
  ownCopy: 6,
  /** Per other member who posted the same text in the last day, up to three. */
  othersCopy: 4,
  /** An account younger than an hour; younger than a day weighs `dayOldAccount`. */
  hourOldAccount: 5,
  dayOldAccount: 3,
  /** Per post beyond `velocityFreePosts` in the last ten minutes, up to five. */
  velocity: 2,
  velocityFreePosts: 3,
} as const;

/** Texts shorter than this ('Thanks!', '+1') are often repeated by honest members: not compared. */
const MIN_COMPARED_TEXT = 20;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const VELOCITY_WINDOW = 10 * 60 * 1000;

export interface SpamSignals {
  links: number;
  ownCopies: number;
  otherMembersCopies: number;
  accountAgeHours: number;
  recentPosts: number;
}

export interface SpamVerdict {
  score: number;
  signals: SpamSignals;
}

/** Links in rendered post HTML (anchors) plus bare addresses the renderer left as text. */
export function countLinks(bodyHtml: string, bodyText: string): number {
  const anchors = (bodyHtml.match(/<a\s[^>]*href=/gi) ?? []).length;
  const bare = (bodyText.match(/\bhttps?:\/\/\S+/gi) ?? []).length;
  return Math.max(anchors, bare);
}

/** The score of signals (pure: tested on its own). */
export function scoreSignals(signals: SpamSignals): number {
  const w = SPAM_WEIGHTS;
  const age =
    signals.accountAgeHours < 1 ? w.hourOldAccount : signals.accountAgeHours < 24 ? w.dayOldAccount : 0;
  return (
    Math.min(signals.links, w.maxLinks) * w.link +
    Math.min(signals.ownCopies, 2) * w.ownCopy +
    Math.min(signals.otherMembersCopies, 3) * w.othersCopy +
    age +
    Math.min(Math.max(signals.recentPosts - w.velocityFreePosts, 0), 5) * w.velocity
  );
}

interface PostRows {
  own: number;
  others: number;
  recent: number;
}

async function recentPostCounts(
  db: DbOrTx,
  userID: number,
  bodyText: string,
  now: number,
): Promise<PostRows> {
  const dayAgo = new Date(now - DAY).toISOString();
  const windowStart = new Date(now - VELOCITY_WINDOW).toISOString();
  const compare = bodyText.trim().length >= MIN_COMPARED_TEXT;
  const text = bodyText;
  const sameText = compare ? sql` or "bodyText" = ${text}` : sql``;
  // Held and deleted copies count too: a spammer's earlier, caught posts are the strongest signal.
  const posts = sql<{ insertUserID: number; bodyText: string; dateInserted: string }>`
    select "insertUserID", "bodyText", "dateInserted" from "discussions"
      where "dateInserted" > ${dayAgo} and ("insertUserID" = ${userID}${sameText})
    union all
    select "insertUserID", "bodyText", "dateInserted" from "comments"
      where "dateInserted" > ${dayAgo} and ("insertUserID" = ${userID}${sameText})`;
  const rows = (await posts.execute(db)).rows;
  let own = 0;
  let recent = 0;
  const others = new Set<number>();
  for (const row of rows) {
    const same = compare && row.bodyText === text;
    if (row.insertUserID === userID) {
      if (same) own += 1;
      if (row.dateInserted > windowStart) recent += 1;
    } else if (same) others.add(row.insertUserID);
  }
  return { own, others: others.size, recent };
}

/**
 * The built-in spam score of a new post (no outside service): links, the same text posted again by the same
 * member or by other members in the last day, a new account, and how fast the member is posting.
 */
export async function spamVerdict(
  db: DbOrTx,
  author: { userID: number; dateInserted: string },
  post: { bodyHtml: string; bodyText: string },
  now = Date.now(),
): Promise<SpamVerdict> {
  const counts = await recentPostCounts(db, author.userID, post.bodyText, now);
  const signals: SpamSignals = {
    links: countLinks(post.bodyHtml, post.bodyText),
    ownCopies: counts.own,
    otherMembersCopies: counts.others,
    accountAgeHours: (now - Date.parse(author.dateInserted)) / HOUR,
    recentPosts: counts.recent,
  };
  return { score: scoreSignals(signals), signals };
}
