import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { ConflictError, NotFoundError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import {
  createNotifications,
  deliverNotifications,
  type NotificationDelivery,
} from "@library/server/notifications/createNotifications";
import type { Mailer } from "@library/server/mail/mailer";
import type { Viewer } from "@library/server/permissions/viewer";
import { changeUserPoints } from "@library/server/users/userPoints";
import { badgeUrl, type BadgeType } from "../../api/badgesApi";
import { adjustRecipients } from "./badgeCommands";
import type { BadgeRow } from "./badgeRows";
import "../tables";

/** The notification kind of an award (preferences key). */
export const BADGE_ACTIVITY = "Badge";

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/**
 * Inside a transaction: gives the member the badge unless they hold it (the primary key decides, so two
 * concurrent awards store one), with its points and one notification. Returns what to deliver after commit, or
 * null when they already held it.
 */
async function awardInTransaction(
  context: AppContext,
  trx: DbOrTx,
  badge: BadgeRow,
  userID: number,
  by: { insertUserID: number | null; reason: string | null },
  mailSender: Pick<Mailer, "enqueueSend"> | null,
): Promise<NotificationDelivery | null> {
  const dateInserted = nowIso();
  const inserted = await trx
    .insertInto("userBadges")
    .values({ badgeID: badge.badgeID, userID, dateInserted, ...by })
    .onConflict((conflict) => conflict.columns(["badgeID", "userID"]).doNothing())
    .returning("userID")
    .executeTakeFirst();
  if (!inserted) return null;
  await adjustRecipients(trx, badge.badgeID, 1);
  await changeUserPoints(trx, context, userID, badge.points);
  // One notification per award: it commits with the award row; the award's date keeps a badge made again
  // (SQLite may reuse a deleted badge's id) from sharing an earlier award's key.
  return createNotifications(
    trx,
    [
      {
        userID,
        activityType: BADGE_ACTIVITY,
        recordType: "badge",
        recordID: badge.badgeID,
        url: badgeUrl(badge.slug),
        body: `You earned the **${badge.name.replace(/\*/g, "")}** badge.`,
        photoUrl: null,
        actorUserID: by.insertUserID,
        reason: "You earned a badge.",
      },
    ],
    {
      siteUrl: context.config.siteUrl,
      mailSender,
      sourceKey: `badge:${badge.badgeID}:${userID}:${dateInserted}`,
    },
  );
}

/** Awards in their own transaction, then delivers the notification. True when the member got it now. */
export async function awardBadge(
  context: AppContext,
  badge: BadgeRow,
  userID: number,
  by: { insertUserID: number | null; reason: string | null },
): Promise<boolean> {
  // Read before the transaction: the mail settings may be read from the database.
  const mailSender = (await context.mailer.smtp()) ? context.mailer : null;
  const delivery = await writeTransaction(context.db, context.dialect, (trx) =>
    awardInTransaction(context, trx, badge, userID, by, mailSender),
  );
  if (delivery) await deliverNotifications(context, delivery);
  return delivery !== null;
}

/** `POST /badges/{id}/recipients` (badges.award): 409 when the member already holds it. */
export async function awardBadgeByHand(
  context: AppContext,
  viewer: Viewer,
  badgeID: number,
  userID: number,
  reason: string | null,
): Promise<void> {
  viewer.require("badges.award");
  const badge = await context.db
    .selectFrom("badges")
    .selectAll()
    .where("badgeID", "=", badgeID)
    .executeTakeFirst();
  if (!badge) throw new NotFoundError("Badge");
  const user = await context.db
    .selectFrom("users")
    .select("userID")
    .where("userID", "=", userID)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!user) throw new NotFoundError("User");
  if (!(await awardBadge(context, badge, userID, { insertUserID: viewer.userID, reason })))
    throw new ConflictError("This member already has this badge.");
}

/** `DELETE /badges/{id}/recipients/{userID}` (badges.award): takes the badge and its points back. */
export async function revokeBadge(
  context: AppContext,
  viewer: Viewer,
  badgeID: number,
  userID: number,
): Promise<void> {
  viewer.require("badges.award");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const badge = await trx
      .selectFrom("badges")
      .selectAll()
      .where("badgeID", "=", badgeID)
      .executeTakeFirst();
    if (!badge) throw new NotFoundError("Badge");
    const deleted = await trx
      .deleteFrom("userBadges")
      .where("badgeID", "=", badgeID)
      .where("userID", "=", userID)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError("Badge award");
    await adjustRecipients(trx, badgeID, -1);
    await changeUserPoints(trx, context, userID, -badge.points);
  });
}

/** What a member has done, as the rules read it. */
async function memberRecord(context: AppContext, userID: number) {
  const user = await context.db
    .selectFrom("users")
    .select(["countDiscussions", "countComments", "dateInserted"])
    .where("userID", "=", userID)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!user) return undefined;
  const positive = context.db
    .selectFrom("reactions")
    .innerJoin("reactionTypes", "reactionTypes.tagID", "reactions.tagID")
    .where("reactionTypes.class", "=", "Positive")
    .where("reactions.userID", "!=", userID);
  const count = (row: { count: string | number } | undefined) => Number(row?.count ?? 0);
  const [onDiscussions, onComments] = await Promise.all([
    positive
      .innerJoin("discussions", "discussions.discussionID", "reactions.recordID")
      .where("reactions.recordType", "=", "discussion")
      .where("discussions.insertUserID", "=", userID)
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .executeTakeFirst()
      .then(count),
    positive
      .innerJoin("comments", "comments.commentID", "reactions.recordID")
      .where("reactions.recordType", "=", "comment")
      .where("comments.insertUserID", "=", userID)
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .executeTakeFirst()
      .then(count),
  ]);
  return {
    posts: user.countDiscussions + user.countComments,
    comments: user.countComments,
    reactions: onDiscussions + onComments,
    years: Math.floor((Date.now() - new Date(user.dateInserted).getTime()) / YEAR_MS),
  };
}

type MemberRecord = NonNullable<Awaited<ReturnType<typeof memberRecord>>>;

function earned(badge: BadgeRow, member: MemberRecord): boolean {
  const threshold = badge.threshold ?? 1;
  switch (badge.type as BadgeType) {
    case "firstPost":
      return member.posts >= 1;
    case "comments":
      return member.comments >= threshold;
    case "reactions":
      return member.reactions >= threshold;
    case "anniversary":
      return member.years >= threshold;
    case "manual":
      return false;
  }
}

/**
 * Awards the rule badges of the given types the member has earned and does not hold yet (jobs after posts,
 * reactions and daily). Running it again awards nothing twice.
 */
export async function awardEarnedBadges(
  context: AppContext,
  userID: number,
  types: readonly BadgeType[],
): Promise<boolean> {
  const member = await memberRecord(context, userID);
  if (!member) return false;
  const candidates = await context.db
    .selectFrom("badges")
    .selectAll()
    .where("type", "in", [...types])
    .where("badgeID", "not in", (eb) =>
      eb.selectFrom("userBadges").select("badgeID").where("userID", "=", userID),
    )
    .execute();
  let awarded = false;
  for (const badge of candidates)
    if (
      earned(badge, member) &&
      (await awardBadge(context, badge, userID, { insertUserID: null, reason: null }))
    )
      awarded = true;
  return awarded;
}

/** The daily run: members past an anniversary they have no badge for yet. */
export async function awardAnniversaries(context: AppContext): Promise<number[]> {
  const awardedTo: number[] = [];
  const badges = await context.db
    .selectFrom("badges")
    .selectAll()
    .where("type", "=", "anniversary")
    .execute();
  for (const badge of badges) {
    const joinedBefore = new Date(Date.now() - (badge.threshold ?? 1) * YEAR_MS).toISOString();
    const due = await context.db
      .selectFrom("users")
      .select("userID")
      .where("deleted", "=", 0)
      .where("dateInserted", "<=", joinedBefore)
      .where("userID", "not in", (eb) =>
        eb.selectFrom("userBadges").select("userID").where("badgeID", "=", badge.badgeID),
      )
      .execute();
    for (const { userID } of due)
      if (await awardBadge(context, badge, userID, { insertUserID: null, reason: null }))
        awardedTo.push(userID);
  }
  return awardedTo;
}
