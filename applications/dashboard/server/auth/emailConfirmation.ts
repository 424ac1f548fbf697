import type { ConfirmEmailResult } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { randomToken } from "@library/server/auth/passwords";
import { hashToken } from "@library/server/auth/tokens";
import type { DbOrTx } from "@library/server/db/database";
import { ClientError, ForbiddenError, NotFoundError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { replaceUserRoles, roleIDsOfType } from "../users/roleTypes";
import { getUserRow, roleIDsOfUser } from "../users/usersQueries";
import { emailConfirmationPath } from "../users/userUrls";

export const ALREADY_CONFIRMED_MESSAGE = "This email has already been confirmed";
export const BAD_CONFIRMATION_CODE_MESSAGE = "The confirmation code is not valid.";

/**
 * Gives the user a new confirmation code (stored only as its hash) and queues the mail with the link
 * `/entry/emailconfirm/{userID}/{code}`. Returns the mail id to deliver after commit.
 */
export async function queueConfirmationEmail(
  context: AppContext,
  trx: DbOrTx,
  user: { userID: number; name: string; email: string },
  siteUrl: string,
): Promise<number> {
  const code = randomToken(18);
  await trx
    .updateTable("users")
    .set({ confirmationCode: hashToken(code) })
    .where("userID", "=", user.userID)
    .execute();
  // peek, not get: inside a transaction a refresh would wait for the connection the transaction holds (SQLite).
  const title = context.settings.peek<string>("garden.title");
  return context.mailer.queue(trx, {
    to: user.email,
    subject: `Confirm your email address for ${title}`,
    text: [
      `Hello ${user.name},`,
      "",
      "Please confirm your email address by opening this link:",
      `${siteUrl}${emailConfirmationPath(user.userID, code)}`,
      "",
      `Confirmation code: ${code}`,
    ].join("\n"),
  });
}

/**
 * `POST /users/{id}/confirm-email`: the code is the credential. Confirming moves the user from the
 * Unconfirmed role to the Member role. Used by the route and by the `/entry/emailconfirm` page.
 */
export async function confirmEmail(
  context: AppContext,
  userID: number,
  code: string,
): Promise<ConfirmEmailResult> {
  return context.db.transaction().execute(async (trx) => {
    const user = await getUserRow(trx, userID);
    if (!user || user.deleted === 1) throw new NotFoundError("User");
    if (user.emailConfirmed === 1) throw new ClientError(ALREADY_CONFIRMED_MESSAGE);
    if (!user.confirmationCode || user.confirmationCode !== hashToken(code)) {
      throw new ForbiddenError(BAD_CONFIRMATION_CODE_MESSAGE);
    }
    await trx
      .updateTable("users")
      .set({ emailConfirmed: 1, confirmationCode: null, dateUpdated: nowIso() })
      .where("userID", "=", userID)
      .execute();
    const unconfirmed = await roleIDsOfType(trx, "unconfirmed");
    const current = await roleIDsOfUser(trx, userID);
    if (current.some((roleID) => unconfirmed.includes(roleID))) {
      const kept = current.filter((roleID) => !unconfirmed.includes(roleID));
      await replaceUserRoles(trx, userID, [...kept, ...(await roleIDsOfType(trx, "member"))]);
    }
    return { userID, email: user.email, emailConfirmed: true };
  });
}

/** `POST /users/$me/request-confirm-email`: a new code for the signed-in user's own unconfirmed email. */
export async function requestConfirmEmail(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  siteUrl: string,
): Promise<void> {
  viewer.require("session.valid");
  if (userID !== viewer.userID)
    throw new ForbiddenError("You can only request a confirmation email for yourself.");
  const mailID = await context.db.transaction().execute(async (trx) => {
    const user = await getUserRow(trx, userID);
    if (!user || user.deleted === 1) throw new NotFoundError("User");
    if (user.emailConfirmed === 1) throw new ClientError(ALREADY_CONFIRMED_MESSAGE);
    return queueConfirmationEmail(context, trx, user, siteUrl);
  });
  await context.mailer.deliver(context.db, mailID);
}
