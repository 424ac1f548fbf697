import type { AppContext } from "@library/server/app/appContext";
import { hashPassword, randomToken } from "@library/server/auth/passwords";
import { deleteUserSessions } from "@library/server/auth/sessions";
import { hashToken } from "@library/server/auth/tokens";
import type { DbOrTx } from "@library/server/db/database";
import { ValidationError } from "@library/server/errors/httpErrors";
import { isoPlusSeconds, nowIso } from "@library/server/http/dates";
import { passwordResetPath } from "../users/userUrls";
import { findUserByLogin } from "./passwordSignIn";

/** A reset link works for one hour. */
export const PASSWORD_RESET_SECONDS = 60 * 60;
export const MIN_PASSWORD_LENGTH = 8;
export const INVALID_RESET_TOKEN_MESSAGE = "This password reset link is not valid or has expired.";

/**
 * Stores a new reset token (hashed, one hour) for the user and queues the mail with the link
 * `/entry/passwordreset/{token}`. Returns the mail id to deliver after commit.
 */
export async function queuePasswordResetEmail(
  context: AppContext,
  trx: DbOrTx,
  user: { userID: number; name: string; email: string },
  siteUrl: string,
): Promise<number> {
  const token = randomToken();
  await trx
    .insertInto("passwordResets")
    .values({
      tokenHash: hashToken(token),
      userID: user.userID,
      dateExpires: isoPlusSeconds(PASSWORD_RESET_SECONDS),
    })
    .execute();
  // peek, not get: inside a transaction a refresh would wait for the connection the transaction holds (SQLite).
  const title = context.settings.peek<string>("garden.title");
  return context.mailer.queue(trx, {
    to: user.email,
    subject: `Reset your password for ${title}`,
    text: [
      `Hello ${user.name},`,
      "",
      "Someone asked to reset your password. To choose a new one, open this link within the hour:",
      `${siteUrl}${passwordResetPath(token)}`,
      "",
      "If you did not ask for this, ignore this message.",
    ].join("\n"),
  });
}

/**
 * `POST /users/request-password`: mails a reset link when an account matches the email or name. Says
 * nothing either way (the route always answers 201), so accounts cannot be enumerated.
 */
export async function requestPasswordReset(
  context: AppContext,
  login: string,
  siteUrl: string,
): Promise<void> {
  const mailID = await context.db.transaction().execute(async (trx) => {
    const user = await findUserByLogin(trx, login);
    if (!user) return null;
    await trx.deleteFrom("passwordResets").where("dateExpires", "<=", nowIso()).execute();
    return queuePasswordResetEmail(context, trx, user, siteUrl);
  });
  if (mailID !== null) await context.mailer.deliver(context.db, mailID);
}

/**
 * Sets a new password from a reset token: used by the reset-password page and by
 * `POST /users/password-reset`. The token is single-use; every session of the user ends.
 */
export async function resetPassword(
  context: AppContext,
  token: string,
  newPassword: string,
): Promise<{ userID: number }> {
  if (newPassword.length < MIN_PASSWORD_LENGTH) {
    throw ValidationError.field(
      "password",
      `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
      "minLength",
    );
  }
  const password = await hashPassword(newPassword);
  return context.db.transaction().execute(async (trx) => {
    const reset = await trx
      .selectFrom("passwordResets")
      .innerJoin("users", "users.userID", "passwordResets.userID")
      .select(["passwordResets.userID", "users.deleted"])
      .where("passwordResets.tokenHash", "=", hashToken(token))
      .where("passwordResets.dateExpires", ">", nowIso())
      .executeTakeFirst();
    if (!reset || reset.deleted === 1) throw ValidationError.field("token", INVALID_RESET_TOKEN_MESSAGE);
    await trx
      .updateTable("users")
      .set({ password, dateUpdated: nowIso() })
      .where("userID", "=", reset.userID)
      .execute();
    await trx.deleteFrom("passwordResets").where("userID", "=", reset.userID).execute();
    await deleteUserSessions(trx, reset.userID);
    return { userID: reset.userID };
  });
}
