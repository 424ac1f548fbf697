import type { AppContext } from "@library/server/app/appContext";
import {
  createNotifications,
  deliverNotifications,
  type NewNotification,
} from "@library/server/notifications/createNotifications";
import "../tables";

export const IDEA_STATUS_NOTIFICATION = "IdeaStatus";

/**
 * The `idea.statusChanged` subscriber: every voter of the idea (but whoever changed it) hears of the new status,
 * once per change and voter however often the job runs (the source key `ideaStatus:<changeID>`).
 */
export async function notifyIdeaVoters(
  context: AppContext,
  event: { changeID: number; discussionID: number },
) {
  const change = await context.db
    .selectFrom("ideaStatusChanges")
    .innerJoin("ideaStatuses", "ideaStatuses.statusID", "ideaStatusChanges.statusID")
    .innerJoin("discussions", "discussions.discussionID", "ideaStatusChanges.discussionID")
    .select([
      "ideaStatusChanges.insertUserID",
      "ideaStatusChanges.statusNotes",
      "ideaStatuses.name as status",
      "discussions.name as idea",
    ])
    .where("ideaStatusChanges.changeID", "=", event.changeID)
    .executeTakeFirst();
  if (!change) return;
  const voters = await context.db
    .selectFrom("ideaVotes")
    .select("userID")
    .where("discussionID", "=", event.discussionID)
    .orderBy("userID")
    .execute();
  const notes = change.statusNotes ? ` ${change.statusNotes}` : "";
  const items = voters.map(({ userID }): NewNotification => ({
    userID,
    activityType: IDEA_STATUS_NOTIFICATION,
    recordType: "discussion",
    recordID: event.discussionID,
    url: `/discussion/${event.discussionID}`,
    body: `An idea you voted on, **${change.idea}**, is now **${change.status}**.${notes}`,
    photoUrl: null,
    actorUserID: change.insertUserID,
    discussionID: event.discussionID,
  }));
  const mailSender = (await context.mailer.smtp()) ? context.mailer : null;
  const delivery = await context.db.transaction().execute((trx) =>
    createNotifications(trx, items, {
      siteUrl: context.config.siteUrl,
      mailSender,
      sourceKey: `ideaStatus:${event.changeID}`,
    }),
  );
  await deliverNotifications(context, delivery);
}
