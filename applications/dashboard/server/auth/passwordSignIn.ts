import type { SignInBody } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { configuredSessionLifetimes } from "@library/server/auth/sessionLength";
import { hashPassword, randomToken, verifyPassword } from "@library/server/auth/passwords";
import { createSession, deleteSession, type SessionClient } from "@library/server/auth/sessions";
import type { DbOrTx } from "@library/server/db/database";
import { ForbiddenError, UnauthorizedError, ValidationError } from "@library/server/errors/httpErrors";
import { twoFactorState, verifySecondFactor } from "@library/server/auth/twoFactor";
import { roleIDsOfUser, type UserRow } from "../users/usersQueries";
import { beginSignInAttempt } from "./signInThrottle";

export const BAD_LOGIN_MESSAGE = "Bad login, double-check your username or password.";
export const BANNED_MESSAGE = "This account has been banned.";
/** Our wording for accounts whose roles may not sign in (Applicant). */
export const CANNOT_SIGN_IN_MESSAGE = "Sorry, permission denied. This account cannot sign in yet.";

/** A user by name or email, case-insensitive; deleted accounts never match. */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const key = login.trim().toLowerCase();
  const byName = await db
    .selectFrom("users")
    .selectAll()
    .where("nameKey", "=", key)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (byName) return byName;
  return db
    .selectFrom("users")
    .selectAll()
    .where("emailKey", "=", key)
    .where("deleted", "=", 0)
    .executeTakeFirst();
}

let unknownUserHash: Promise<string> | null = null;

/** Unknown names still cost one hash, so the response time does not tell which names exist. */
async function verifyAgainst(password: string, user: UserRow | undefined): Promise<boolean> {
  if (user) return verifyPassword(password, user.password);
  unknownUserHash ??= hashPassword(randomToken());
  await verifyPassword(password, await unknownUserHash);
  return false;
}

/** Admins, and users holding at least one role with canSession, may sign in. */
export async function canStartSession(db: DbOrTx, user: UserRow): Promise<boolean> {
  if (user.isAdmin === 1) return true;
  const roleIDs = await roleIDsOfUser(db, user.userID);
  if (roleIDs.length === 0) return false;
  const sessionRole = await db
    .selectFrom("roles")
    .select("roleID")
    .where("roleID", "in", roleIDs)
    .where("canSession", "=", 1)
    .executeTakeFirst();
  return sessionRole !== undefined;
}

/** Whether the member signed in from this address before (their last sign-in, or a session still open there). */
async function signedInFromBefore(db: DbOrTx, user: UserRow, address: string): Promise<boolean> {
  if (user.lastIPAddress === address) return true;
  const session = await db
    .selectFrom("sessions")
    .select("userID")
    .where("userID", "=", user.userID)
    .where("ipAddress", "=", address)
    .executeTakeFirst();
  return session !== undefined;
}

export const TWO_FACTOR_CODE_NEEDED = "Enter the 6-digit code from your authenticator app.";
export const TWO_FACTOR_CODE_WRONG = "That code is not right. Try the newest code, or a recovery code.";

/** A wrong authenticator or recovery code: like a wrong password, it counts as a failed sign-in. */
class WrongSecondFactorError extends ValidationError {
  constructor() {
    super([{ field: "twoFactorCode", message: TWO_FACTOR_CODE_WRONG, code: "invalid" }]);
  }
}

/** The checks after a right password: the ban, the roles, the second factor. */
async function assertMayStartSession(context: AppContext, user: UserRow, body: SignInBody): Promise<void> {
  if (user.banned === 1) throw new ForbiddenError(BANNED_MESSAGE);
  if (!(await canStartSession(context.db, user))) throw new ForbiddenError(CANNOT_SIGN_IN_MESSAGE);
  if ((await twoFactorState(context.db, user.userID)).enabled) {
    const code = body.twoFactorCode?.trim() ?? "";
    if (!code) throw ValidationError.field("twoFactorCode", TWO_FACTOR_CODE_NEEDED, "required");
    if (!(await verifySecondFactor(context.db, user.userID, code))) throw new WrongSecondFactorError();
  }
}

/**
 * Counts the attempt (429 over a limit, before the password is checked), then checks the password, the ban,
 * the roles and the second factor, then opens a session (replacing the one the request came with). A wrong
 * password or code stays counted as a failure; anything else after a right password is forgotten.
 */
export async function signInWithPassword(
  context: AppContext,
  body: SignInBody,
  previousToken: string | null,
  client: SessionClient = {},
): Promise<{ userID: number; token: string }> {
  const user = await findUserByLogin(context.db, body.username);
  const address = client.ipAddress || "unknown";
  const attempt = await beginSignInAttempt(context.db, {
    login: body.username,
    userID: user?.userID ?? null,
    address,
    knownAddress: user ? await signedInFromBefore(context.db, user, address) : false,
  });
  const passwordMatches = await verifyAgainst(body.password, user);
  if (!user || !passwordMatches) throw new UnauthorizedError(BAD_LOGIN_MESSAGE);
  try {
    await assertMayStartSession(context, user, body);
  } catch (error) {
    if (!(error instanceof WrongSecondFactorError)) await attempt.notAFailure(false);
    throw error;
  }
  const session = await context.db.transaction().execute(async (trx) => {
    if (previousToken) await deleteSession(trx, previousToken);
    const { token } = await createSession(
      trx,
      user.userID,
      body.persist === true,
      client,
      configuredSessionLifetimes(context.settings),
    );
    if (client.ipAddress)
      await trx
        .updateTable("users")
        .set({ lastIPAddress: client.ipAddress })
        .where("userID", "=", user.userID)
        .execute();
    return { userID: user.userID, token };
  });
  await attempt.notAFailure(true);
  return session;
}
