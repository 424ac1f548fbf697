import type { SignInBody } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { configuredSessionLifetimes } from "@library/server/auth/sessionLength";
import { hashPassword, randomToken, verifyPassword } from "@library/server/auth/passwords";
import { createSession, deleteSession, type SessionClient } from "@library/server/auth/sessions";
import type { DbOrTx } from "@library/server/db/database";
import { ForbiddenError, UnauthorizedError, ValidationError } from "@library/server/errors/httpErrors";
import { twoFactorState, verifySecondFactor } from "@library/server/auth/twoFactor";
import { roleIDsOfUser, type UserRow } from "../users/usersQueries";
import {
  assertSignInAllowed,
  clearFailedSignIns,
  recordFailedSignIn,
  signInAttemptKey,
} from "./signInThrottle";

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

/**
 * Checks the throttle, the password, the ban and the roles, then opens a session (replacing the one the
 * request came with). Failed attempts are recorded outside any transaction, so they count even though the
 * request fails.
 */
export const TWO_FACTOR_CODE_NEEDED = "Enter the 6-digit code from your authenticator app.";
export const TWO_FACTOR_CODE_WRONG = "That code is not right. Try the newest code, or a recovery code.";

export async function signInWithPassword(
  context: AppContext,
  body: SignInBody,
  previousToken: string | null,
  client: SessionClient = {},
): Promise<{ userID: number; token: string }> {
  const attemptKey = signInAttemptKey(body.username);
  await assertSignInAllowed(context.db, attemptKey);
  const user = await findUserByLogin(context.db, body.username);
  const passwordMatches = await verifyAgainst(body.password, user);
  if (!user || !passwordMatches) {
    await recordFailedSignIn(context.db, attemptKey);
    throw new UnauthorizedError(BAD_LOGIN_MESSAGE);
  }
  if (user.banned === 1) throw new ForbiddenError(BANNED_MESSAGE);
  if (!(await canStartSession(context.db, user))) throw new ForbiddenError(CANNOT_SIGN_IN_MESSAGE);
  if ((await twoFactorState(context.db, user.userID)).enabled) {
    const code = body.twoFactorCode?.trim() ?? "";
    if (!code) throw ValidationError.field("twoFactorCode", TWO_FACTOR_CODE_NEEDED, "required");
    if (!(await verifySecondFactor(context.db, user.userID, code))) {
      await recordFailedSignIn(context.db, attemptKey);
      throw ValidationError.field("twoFactorCode", TWO_FACTOR_CODE_WRONG, "invalid");
    }
  }
  return context.db.transaction().execute(async (trx) => {
    await clearFailedSignIns(trx, attemptKey);
    if (previousToken) await deleteSession(trx, previousToken);
    const { token } = await createSession(
      trx,
      user.userID,
      body.persist === true,
      client,
      configuredSessionLifetimes(context.settings),
    );
    return { userID: user.userID, token };
  });
}
