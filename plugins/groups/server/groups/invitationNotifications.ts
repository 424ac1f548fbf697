import { groupUrl } from "../../api/groupsApi";
import type { AppContext } from "@library/server/app/appContext";
import { queueMailOnce } from "@library/server/mail/mailer";
import {
  createNotifications,
  deliverNotifications,
  type NewNotification,
} from "@library/server/notifications/createNotifications";

/**
 * After the invitations commit: each invited member gets a notification (accept or decline from the group's
 * page it links to), each address a mail with the join link, once per invitation even when the job runs again.
 * Invitations answered or withdrawn meanwhile notify nobody.
 */
export async function notifyInvitationsJob(
  context: AppContext,
  job: { invitationIDs: number[] },
): Promise<void> {
  if (job.invitationIDs.length === 0) return;
  const rows = await context.db
    .selectFrom("groupInvitations")
    .innerJoin("groups", "groups.groupID", "groupInvitations.groupID")
    .innerJoin("users", "users.userID", "groupInvitations.insertUserID")
    .select([
      "groupInvitations.invitationID",
      "groupInvitations.groupID",
      "groupInvitations.userID",
      "groupInvitations.email",
      "groupInvitations.token",
      "groupInvitations.insertUserID",
      "groups.name as groupName",
      "users.name as inviterName",
    ])
    .where("groupInvitations.invitationID", "in", job.invitationIDs)
    .execute();
  const siteUrl = context.config.siteUrl;
  const mailSender = (await context.mailer.smtp()) ? context.mailer : null;
  const deliveries = await context.db.transaction().execute(async (trx) => {
    const made = [];
    for (const row of rows) {
      const url = groupUrl(row.groupID, row.groupName);
      const sourceKey = `groupInvitation:${row.invitationID}`;
      if (row.userID !== null) {
        const item: NewNotification = {
          userID: row.userID,
          activityType: "GroupInvitation",
          recordType: "group",
          recordID: row.groupID,
          url,
          body: `**${row.inviterName}** invited you to join **${row.groupName}**.`,
          photoUrl: null,
          actorUserID: row.insertUserID,
          reason: "You were invited to a group.",
        };
        made.push(await createNotifications(trx, [item], { siteUrl, sourceKey, mailSender }));
      } else if (row.email !== null) {
        const link = `${siteUrl ?? ""}${url}?invitation=${encodeURIComponent(row.token)}`;
        const mailID = await queueMailOnce(
          trx,
          {
            to: row.email,
            subject: `${row.inviterName} invited you to join ${row.groupName}`,
            text: `${row.inviterName} invited you to join the group ${row.groupName}.\n\nJoin it here (sign in or register first):\n${link}\n`,
          },
          sourceKey,
        );
        if (mailID !== null && mailSender) await mailSender.enqueueSend(trx, mailID);
      }
    }
    return made;
  });
  for (const delivery of deliveries) await deliverNotifications(context, delivery);
}
