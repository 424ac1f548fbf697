import { MAX_INVITEES, type InvitationPost, type Invitee } from "../../api/groupsApi";
import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { randomBytes } from "node:crypto";
import { getVisibleGroup, requireLeader } from "./groupAccess";
import { addMember } from "./groupsCommands";

export const NOTIFY_INVITATIONS_JOB = "groups.notifyInvitations";

/**
 * `POST /groups/{id}/invitations` (API.md 27): a leader or `groups.moderate` invites members by id and people by
 * address; members, duplicates and those already invited are skipped. The notifications and the join-link mails
 * go out from a job enqueued in the same transaction.
 */
export async function inviteToGroup(
  context: AppContext,
  viewer: Viewer,
  groupID: number,
  body: InvitationPost,
): Promise<Invitee[]> {
  const userIDs = [...new Set(body.userIDs ?? [])];
  const emails = [...new Set((body.emails ?? []).map((email) => email.trim().toLowerCase()))];
  const total = (body.userIDs ?? []).length + (body.emails ?? []).length;
  if (total === 0)
    throw ValidationError.field("userIDs", "Invite at least one member or address.", "required");
  if (total > MAX_INVITEES)
    throw ValidationError.field("userIDs", `Invite at most ${MAX_INVITEES} members and addresses at once.`);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const { role } = await getVisibleGroup(context, viewer, groupID, trx);
    requireLeader(role, viewer);
    const users =
      userIDs.length === 0
        ? []
        : await trx
            .selectFrom("users")
            .select("userID")
            .where("userID", "in", userIDs)
            .where("deleted", "=", 0)
            .execute();
    const known = new Set(users.map((user) => user.userID));
    const unknown = userIDs.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw ValidationError.field("userIDs", `Unknown user: ${unknown.join(", ")}.`, "invalid");
    const members = new Set(
      (await trx.selectFrom("groupMembers").select("userID").where("groupID", "=", groupID).execute()).map(
        (row) => row.userID,
      ),
    );
    const memberEmails =
      emails.length === 0
        ? new Map<string, number>()
        : new Map(
            (
              await trx
                .selectFrom("users")
                .select(["userID", "email"])
                .where("email", "in", emails)
                .where("deleted", "=", 0)
                .execute()
            ).map((row) => [String(row.email).toLowerCase(), row.userID]),
          );
    const now = nowIso();
    const created: Invitee[] = [];
    const invitationIDs: number[] = [];
    const invite = async (userID: number | null, email: string | null) => {
      const row = await trx
        .insertInto("groupInvitations")
        .values({
          groupID,
          userID,
          email,
          token: randomBytes(18).toString("base64url"),
          insertUserID: viewer.userID,
          dateInserted: now,
        })
        .onConflict((conflict) =>
          conflict.columns(userID !== null ? ["groupID", "userID"] : ["groupID", "email"]).doNothing(),
        )
        .returning("invitationID")
        .executeTakeFirst();
      if (!row) return;
      invitationIDs.push(row.invitationID);
      created.push({
        ...(userID !== null ? { userID } : {}),
        ...(email !== null ? { email } : {}),
        insertUserID: viewer.userID,
        dateInserted: now,
      });
    };
    for (const userID of userIDs) if (!members.has(userID)) await invite(userID, null);
    for (const email of emails) {
      const userID = memberEmails.get(email);
      if (userID !== undefined && members.has(userID)) continue;
      await invite(null, email);
    }
    if (invitationIDs.length > 0) await context.jobs.enqueue(trx, NOTIFY_INVITATIONS_JOB, { invitationIDs });
    return created;
  });
}

/**
 * Accepts or declines an invitation: the viewer's own, or an address's by its join link's token (whoever holds
 * the link was sent it). Accepting joins the group.
 */
export async function answerInvitation(
  context: AppContext,
  viewer: Viewer,
  groupID: number,
  status: "accepted" | "declined",
  token: string | undefined,
): Promise<void> {
  viewer.require("session.valid");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const group = await trx
      .selectFrom("groups")
      .select("groupID")
      .where("groupID", "=", groupID)
      .executeTakeFirst();
    if (!group) throw new NotFoundError("Group");
    let query = trx.selectFrom("groupInvitations").select("invitationID").where("groupID", "=", groupID);
    query =
      token !== undefined ? query.where("token", "=", token) : query.where("userID", "=", viewer.userID);
    const invitation = await query.executeTakeFirst();
    if (!invitation) throw new NotFoundError("Invitation");
    await trx.deleteFrom("groupInvitations").where("invitationID", "=", invitation.invitationID).execute();
    if (status === "accepted") await addMember(trx, groupID, viewer.userID, "member");
  });
}
