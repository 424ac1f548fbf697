import type { DbOrTx } from "@library/server/db/database";
import { TooManyRequestsError } from "@library/server/errors/httpErrors";
import { isoPlusSeconds, nowIso } from "@library/server/http/dates";

/** API.md 3 (DECISION): 10 failed sign-ins for the same name within 15 minutes → 429. */
export const MAX_FAILED_SIGN_INS = 10;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const THROTTLED_MESSAGE =
  "You've tried to sign in too many times. Please wait a few minutes and try again.";

/** Attempts are keyed by the lower-cased name, and kept in the database so every process sees them. */
export function signInAttemptKey(username: string): string {
  return `signin:${username.trim().toLowerCase()}`;
}

function windowStart(): string {
  return isoPlusSeconds(-SIGN_IN_WINDOW_SECONDS);
}

export async function assertSignInAllowed(db: DbOrTx, attemptKey: string): Promise<void> {
  const row = await db
    .selectFrom("authAttempts")
    .select((eb) => eb.fn.countAll<number>().as("failures"))
    .where("attemptKey", "=", attemptKey)
    .where("dateInserted", ">", windowStart())
    .executeTakeFirst();
  if (Number(row?.failures ?? 0) >= MAX_FAILED_SIGN_INS) throw new TooManyRequestsError(THROTTLED_MESSAGE);
}

/** Records a failure (and forgets this name's failures older than the window). */
export async function recordFailedSignIn(db: DbOrTx, attemptKey: string): Promise<void> {
  await db
    .deleteFrom("authAttempts")
    .where("attemptKey", "=", attemptKey)
    .where("dateInserted", "<=", windowStart())
    .execute();
  await db.insertInto("authAttempts").values({ attemptKey, dateInserted: nowIso() }).execute();
}

export async function clearFailedSignIns(db: DbOrTx, attemptKey: string): Promise<void> {
  await db.deleteFrom("authAttempts").where("attemptKey", "=", attemptKey).execute();
}
