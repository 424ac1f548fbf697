import { HELD_POST_MESSAGE, type HeldPostResponse, type HoldReason } from "@forum/api/moderationQueue";
import type { AppContext } from "@library/server/app/appContext";
import type { Db, DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import type { CategoryTree } from "../categories/categoryTree";
import { moderatesCategory } from "./moderationAccess";
import { heldMarker, itemTypeOf } from "./moderationItems";
import { enqueueModeratorNotification } from "./moderationNotify";
import { NEW_MEMBER_POSTS_HELD, SPAM_THRESHOLD } from "./moderationSettings";
import { spamVerdict, type SpamReason } from "./spamScore";

/** Where the author of held posts sees them, marked as awaiting approval. */
export const AWAITING_APPROVAL_PATH = "/awaiting-approval";

export interface NewPost {
  recordType: "discussion" | "comment";
  categoryID: number;
  /** The comment's discussion; 0 for a new discussion (known once it is inserted). */
  discussionID: number;
  bodyHtml: string;
  bodyText: string;
}

/** A post the queue holds: write it with `deleteLogID`, then `attach` its id. */
export interface HeldPost {
  itemID: number;
  deleteLogID: number;
  attach(recordID: number): Promise<void>;
}

/** The settings a hold decision reads, read before the posting transaction opens. */
export interface HoldSettings {
  firstPostsHeld: number;
  spamThreshold: number;
}

/**
 * Reads the hold settings. Call it before the posting transaction: a settings refresh inside it would wait,
 * on SQLite's single connection, for the very transaction that asked (the request would never finish).
 */
export async function readHoldSettings(context: AppContext): Promise<HoldSettings> {
  return {
    firstPostsHeld: await context.settings.get<number>(NEW_MEMBER_POSTS_HELD),
    spamThreshold: await context.settings.get<number>(SPAM_THRESHOLD),
  };
}

async function holdReasons(
  trx: DbOrTx,
  context: AppContext,
  viewer: Viewer,
  post: NewPost,
  settings: HoldSettings,
): Promise<{ reasons: HoldReason[]; spamScore: number | null; spamReasons: SpamReason[] }> {
  const reasons: HoldReason[] = [];
  const category = await trx
    .selectFrom("categories")
    .select("preModeration")
    .where("categoryID", "=", post.categoryID)
    .executeTakeFirst();
  if (category?.preModeration === 1) reasons.push("category");
  const author = await trx
    .selectFrom("users")
    .select(["userID", "dateInserted", "countDiscussions", "countComments", "bypassSpam"])
    .where("userID", "=", viewer.userID)
    .executeTakeFirstOrThrow();
  const { firstPostsHeld, spamThreshold: threshold } = settings;
  if (firstPostsHeld > 0 && author.countDiscussions + author.countComments < firstPostsHeld)
    reasons.push("newMember");
  let spamScore: number | null = null;
  let spamReasons: SpamReason[] = [];
  if (threshold > 0 && context.config.spamScore && author.bypassSpam !== 1) {
    ({ score: spamScore, reasons: spamReasons } = await spamVerdict(trx, author, post));
    if (spamScore > threshold) reasons.push("spam");
  }
  return { reasons, spamScore, spamReasons };
}

/**
 * Decides, inside the posting transaction, whether a new post waits for a moderator: its category is
 * pre-moderated, the author is within their first `moderation.newMemberPostsHeld` posts, or its spam score is
 * over `moderation.spamThreshold`. Moderators of the category are never held. A held post gets a queue item
 * (and the moderators' notification job); null means the post goes live as usual.
 */
export async function holdForModeration(
  trx: DbOrTx,
  context: AppContext,
  viewer: Viewer,
  tree: CategoryTree,
  post: NewPost,
  settings: HoldSettings,
): Promise<HeldPost | null> {
  if (moderatesCategory(tree, viewer, post.categoryID)) return null;
  const { reasons, spamScore, spamReasons } = await holdReasons(trx, context, viewer, post, settings);
  if (reasons.length === 0) return null;
  const { itemID } = await trx
    .insertInto("moderationItems")
    .values({
      itemType: itemTypeOf(reasons),
      recordType: post.recordType,
      recordID: 0,
      discussionID: post.discussionID,
      categoryID: post.categoryID,
      recordUserID: viewer.userID,
      holdReasons: JSON.stringify(reasons),
      spamScore,
      spamReasons: JSON.stringify(spamReasons),
      dateInserted: nowIso(),
      dateUpdated: null,
      actionUserID: null,
      dateActioned: null,
    })
    .returning("itemID")
    .executeTakeFirstOrThrow();
  await enqueueModeratorNotification(context, trx);
  return {
    itemID,
    deleteLogID: heldMarker(itemID),
    attach: async (recordID) => {
      await trx
        .updateTable("moderationItems")
        .set({ recordID, ...(post.recordType === "discussion" ? { discussionID: recordID } : {}) })
        .where("itemID", "=", itemID)
        .execute();
    },
  };
}

/** Whether a post just written is waiting for approval (the create routes answer 202 then). */
export async function isHeldPost(db: Db, recordType: "discussion" | "comment", recordID: number) {
  const row =
    recordType === "discussion"
      ? await db
          .selectFrom("discussions")
          .select("deleteLogID")
          .where("discussionID", "=", recordID)
          .executeTakeFirst()
      : await db
          .selectFrom("comments")
          .select("deleteLogID")
          .where("commentID", "=", recordID)
          .executeTakeFirst();
  return row?.deleteLogID !== null && row?.deleteLogID !== undefined && row.deleteLogID < 0;
}

/** API.md 7.5 DECISION: 202 with the message, plus where the author sees the post. */
export function heldPostResponse(
  recordType: "discussion" | "comment",
  recordID: number,
  translate: (text: string) => string,
): HeldPostResponse {
  return {
    message: translate(HELD_POST_MESSAGE),
    status: 202,
    recordType,
    recordID,
    url: `${AWAITING_APPROVAL_PATH}#${recordType}-${recordID}`,
  };
}
