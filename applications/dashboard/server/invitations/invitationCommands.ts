import type { InvitationPost, InvitationPostResult } from "@forum/api/invitations";
import type { ValidationErrorItem } from "@forum/api/common";
import type { AppContext } from "@library/server/app/appContext";
import { randomToken } from "@library/server/auth/passwords";
import { hashToken } from "@library/server/auth/tokens";
import type { DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from "@library/server/errors/httpErrors";
import { isoPlusSeconds, nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { presentInvitations, type InvitationRow } from "./invitationQueries";
import { INVITATION_EXPIRY_SETTING } from "./invitationSettings";

export const INVALID_INVITATION_MESSAGE = "This invitation is not valid or has expired.";
export const ACCEPTED_INVITATION_MESSAGE = "This invitation has been used and cannot be revoked.";
/** Who may invite: those who may add members. */
export const INVITE_PERMISSION = "users.add";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY_SECONDS = 24 * 60 * 60;

/** The registration page an invitation links to. */
export function invitationPath(code: string): string {
  return `/entry/register?invitationCode=${encodeURIComponent(code)}`;
}

/** Lower-cased, trimmed, each address once; 422 naming every malformed one (`emails.<index>`). */
function normalizedEmails(emails: readonly string[]): string[] {
  const errors: ValidationErrorItem[] = [];
  emails.forEach((email, index) => {
    if (!EMAIL_PATTERN.test(email.trim()))
      errors.push({
        field: `emails.${index}`,
        code: "format",
        message: `${email} is not a valid email address.`,
      });
  });
  if (errors.length > 0) throw new ValidationError(errors);
  return [...new Set(emails.map((email) => email.trim().toLowerCase()))];
}

function invitationMail(
  context: AppContext,
  to: string,
  code: string,
  details: { inviter: string; message: string | undefined; dateExpires: string; siteUrl: string },
) {
  // peek, not get: inside a transaction a refresh would wait for the connection the transaction holds (SQLite).
  const title = context.settings.peek<string>("garden.title");
  const note = details.message?.trim();
  return {
    to,
    subject: `You are invited to join ${title}`,
    text: [
      "Hello,",
      "",
      `${details.inviter} invited you to join ${title}.`,
      ...(note ? ["", note] : []),
      "",
      `To register, open this link before ${details.dateExpires.slice(0, 10)}:`,
      `${details.siteUrl}${invitationPath(code)}`,
    ].join("\n"),
  };
}

/**
 * `POST /invitations` (users.add): one invitation and one mail per address; addresses of members and addresses
 * with a pending invitation are skipped. The mails go out by job after commit, with links from the site's
 * configured origin.
 */
export async function sendInvitations(
  context: AppContext,
  viewer: Viewer,
  body: InvitationPost,
  siteUrl: string,
): Promise<InvitationPostResult> {
  viewer.require(INVITE_PERMISSION);
  const emails = normalizedEmails(body.emails);
  const days = await context.settings.get<number>(INVITATION_EXPIRY_SETTING);
  const { rows, skipped, mailIDs } = await writeTransaction(context.db, context.dialect, async (trx) => {
    const now = nowIso();
    const members = await trx
      .selectFrom("users")
      .select("emailKey")
      .where("emailKey", "in", emails)
      .execute();
    const pending = await trx
      .selectFrom("invitations")
      .select("email")
      .where("email", "in", emails)
      .where("acceptedUserID", "is", null)
      .where("dateExpires", ">", now)
      .execute();
    const memberEmails = new Set(members.map((row) => row.emailKey));
    const invitedEmails = new Set(pending.map((row) => row.email));
    const result = {
      rows: [] as InvitationRow[],
      skipped: [] as InvitationPostResult["skipped"],
      mailIDs: [] as number[],
    };
    const dateExpires = isoPlusSeconds(days * DAY_SECONDS);
    for (const email of emails) {
      if (memberEmails.has(email) || invitedEmails.has(email)) {
        result.skipped.push({ email, reason: memberEmails.has(email) ? "member" : "invited" });
        continue;
      }
      const code = randomToken(24);
      const row = await trx
        .insertInto("invitations")
        .values({
          codeHash: hashToken(code),
          email,
          insertUserID: viewer.userID,
          dateInserted: now,
          dateExpires,
          acceptedUserID: null,
          dateAccepted: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      result.rows.push(row);
      const mail = invitationMail(context, email, code, {
        inviter: viewer.user.name,
        message: body.message,
        dateExpires,
        siteUrl,
      });
      result.mailIDs.push(await context.mailer.queue(trx, mail));
    }
    return result;
  });
  for (const mailID of mailIDs) await context.mailer.deliver(context.db, mailID);
  return { invitations: await presentInvitations(context.db, rows), skipped };
}

/** `DELETE /invitations/{id}` (users.add): the link stops working; a used invitation stays (409). */
export async function revokeInvitation(
  context: AppContext,
  viewer: Viewer,
  invitationID: number,
): Promise<void> {
  viewer.require(INVITE_PERMISSION);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await trx
      .selectFrom("invitations")
      .select(["invitationID", "acceptedUserID"])
      .where("invitationID", "=", invitationID)
      .$call(forUpdate(context.dialect))
      .executeTakeFirst();
    if (!row) throw new NotFoundError("Invitation");
    if (row.acceptedUserID !== null) throw new ConflictError(ACCEPTED_INVITATION_MESSAGE);
    await trx.deleteFrom("invitations").where("invitationID", "=", invitationID).execute();
  });
}

/** A pending invitation by the code in its link, or undefined. */
export async function findPendingInvitation(db: DbOrTx, code: string): Promise<InvitationRow | undefined> {
  return db
    .selectFrom("invitations")
    .selectAll()
    .where("codeHash", "=", hashToken(code))
    .where("acceptedUserID", "is", null)
    .where("dateExpires", ">", nowIso())
    .executeTakeFirst();
}

/**
 * Registration with an invitation, inside the registration's transaction: locks the pending invitation (403
 * when the code is unknown, used or expired) and returns a function that marks it used by the new member.
 */
export async function claimInvitation(
  trx: DbOrTx,
  dialect: Dialect,
  code: string,
): Promise<{ row: InvitationRow; accept: (userID: number) => Promise<void> }> {
  const row = await trx
    .selectFrom("invitations")
    .selectAll()
    .where("codeHash", "=", hashToken(code))
    .where("acceptedUserID", "is", null)
    .where("dateExpires", ">", nowIso())
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  if (!row) throw new ForbiddenError(INVALID_INVITATION_MESSAGE);
  const accept = async (userID: number) => {
    await trx
      .updateTable("invitations")
      .set({ acceptedUserID: userID, dateAccepted: nowIso() })
      .where("invitationID", "=", row.invitationID)
      .execute();
    await trx
      .updateTable("users")
      .set({ inviteUserID: row.insertUserID })
      .where("userID", "=", userID)
      .execute();
  };
  return { row, accept };
}
