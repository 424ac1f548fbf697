import type { DbOrTx } from "@library/server/db/database";
import { sql } from "kysely";
import type { SpamReason } from "@forum/api/moderationQueue";
import { readSpamContent, type SpamContent } from "./spamContent";

export type { SpamReason };

/** How much each signal weighs; a post is held when the sum is over `moderation.spamThreshold`. */
export const SPAM_WEIGHTS = {
  /** Per link to another site (mentions and links within the site are not counted), up to `maxLinks`. */
  link: 2,
  maxLinks: 6,
  /** Per link without visible text, or whose text names another site than it opens, up to two. */
  hiddenLink: 5,
  maxHiddenLinks: 2,
  /** Most of the text in capitals. */
  shouting: 4,
  /** The same line three times or more, or a long text of very few different words. */
  repeatedText: 5,
  /** Per distinct spam phrase (pharmacy, casino, crypto doubling…), up to `maxSpamPhrases`. */
  spamPhrase: 3,
  maxSpamPhrases: 3,
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

/**
 * Texts shorter than this ('Thanks!', '+1') are often repeated by honest members: not compared. Nor is a text
 * without a link shorter than `MIN_COMPARED_TEXT_WITHOUT_LINKS` ('Thank you so much, that solved it!' is posted
 * by many): copies of those are stock phrases, not a campaign.
 */
const MIN_COMPARED_TEXT = 20;
const MIN_COMPARED_TEXT_WITHOUT_LINKS = 80;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const VELOCITY_WINDOW = 10 * 60 * 1000;

export interface SpamSignals extends SpamContent {
  ownCopies: number;
  otherMembersCopies: number;
  accountAgeHours: number;
  recentPosts: number;
}

export interface SpamVerdict {
  score: number;
  signals: SpamSignals;
  reasons: SpamReason[];
}

/** Each signal's points (pure: tested on its own); signals that add nothing are left out. */
export function spamReasons(signals: SpamSignals): SpamReason[] {
  const w = SPAM_WEIGHTS;
  const age =
    signals.accountAgeHours < 1 ? w.hourOldAccount : signals.accountAgeHours < 24 ? w.dayOldAccount : 0;
  const extraPosts = Math.max(signals.recentPosts - w.velocityFreePosts, 0);
  const all: SpamReason[] = [
    { signal: "links", count: signals.links, points: Math.min(signals.links, w.maxLinks) * w.link },
    {
      signal: "hiddenLinks",
      count: signals.hiddenLinks,
      points: Math.min(signals.hiddenLinks, w.maxHiddenLinks) * w.hiddenLink,
    },
    { signal: "shouting", count: signals.shouting ? 1 : 0, points: signals.shouting ? w.shouting : 0 },
    {
      signal: "repeatedText",
      count: signals.repeated ? 1 : 0,
      points: signals.repeated ? w.repeatedText : 0,
    },
    {
      signal: "spamPhrases",
      count: signals.spamPhrases.length,
      points: Math.min(signals.spamPhrases.length, w.maxSpamPhrases) * w.spamPhrase,
    },
    { signal: "ownCopies", count: signals.ownCopies, points: Math.min(signals.ownCopies, 2) * w.ownCopy },
    {
      signal: "othersCopies",
      count: signals.otherMembersCopies,
      points: Math.min(signals.otherMembersCopies, 3) * w.othersCopy,
    },
    { signal: "newAccount", count: age > 0 ? 1 : 0, points: age },
    { signal: "postingSpeed", count: extraPosts, points: Math.min(extraPosts, 5) * w.velocity },
  ];
  return all.filter((reason) => reason.points > 0);
}

/** The score of signals: the sum of their reasons' points. */
export function scoreSignals(signals: SpamSignals): number {
  return spamReasons(signals).reduce((sum, reason) => sum + reason.points, 0);
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
  links: number,
  now: number,
): Promise<PostRows> {
  const dayAgo = new Date(now - DAY).toISOString();
  const windowStart = new Date(now - VELOCITY_WINDOW).toISOString();
  const length = bodyText.trim().length;
  const compare = length >= MIN_COMPARED_TEXT && (links > 0 || length >= MIN_COMPARED_TEXT_WITHOUT_LINKS);
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
 * The built-in spam score of a new post (no outside service): links to other sites, hidden links, shouting,
 * repeated text, spam phrases, the same text posted again by the same member or by other members in the last
 * day, a new account, and how fast the member is posting. The reasons say what each added.
 */
export async function spamVerdict(
  db: DbOrTx,
  author: { userID: number; dateInserted: string },
  post: { bodyHtml: string; bodyText: string },
  now = Date.now(),
): Promise<SpamVerdict> {
  const content = readSpamContent(post.bodyHtml);
  const counts = await recentPostCounts(db, author.userID, post.bodyText, content.links, now);
  const signals: SpamSignals = {
    ...content,
    ownCopies: counts.own,
    otherMembersCopies: counts.others,
    accountAgeHours: (now - Date.parse(author.dateInserted)) / HOUR,
    recentPosts: counts.recent,
  };
  const reasons = spamReasons(signals);
  return { score: reasons.reduce((sum, reason) => sum + reason.points, 0), signals, reasons };
}
