import type { DbOrTx } from "@library/server/db/database";
import { TooManyRequestsError } from "@library/server/errors/httpErrors";
import { isoPlusSeconds, nowIso } from "@library/server/http/dates";

/**
 * Failed sign-ins within a 15-minute window (API.md 3, DECISION), counted three ways so that guessing is slow
 * and the owner is not locked out by someone else:
 * - one account from one address: 10. The account is the account, whether typed by name or by email; an
 *   attacker elsewhere never throttles the owner at home;
 * - one address, whatever accounts it tries: 30 (a spray of common passwords over many names);
 * - one account from every address: 50 (a guess spread over many machines). This one spares the addresses the
 *   owner signed in from before, so the owner still gets in while their account is under attack.
 */
export const MAX_FAILED_SIGN_INS = 10;
export const MAX_FAILED_SIGN_INS_PER_ADDRESS = 30;
export const MAX_FAILED_SIGN_INS_PER_ACCOUNT = 50;
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

function minutes(count: number): string {
  return `${count} ${count === 1 ? "minute" : "minutes"}`;
}

export function accountThrottledMessage(minutesLeft: number): string {
  return `Too many failed sign-ins to this account. Try again in ${minutes(minutesLeft)}, or reset your password.`;
}

export function addressThrottledMessage(minutesLeft: number): string {
  return `Too many failed sign-ins from your network. Try again in ${minutes(minutesLeft)}.`;
}

/** Who is trying: the account (null for a name or email no account has) and the client address. */
export interface SignInSubject {
  login: string;
  userID: number | null;
  address: string;
  /** The owner signed in from this address before: the account-wide count does not hold it back. */
  knownAddress: boolean;
}

interface Count {
  key: string;
  limit: number;
  message: (minutesLeft: number) => string;
  /** Checked before the password is; recorded either way. */
  enforced: boolean;
}

/**
 * The counting key of an address: IPv4 as it is, IPv6 by its /64 (one household or server gets a whole /64,
 * so counting single IPv6 addresses would give an attacker 2^64 fresh counts).
 */
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!bare.includes(":")) return bare;
  const [head = "", tail] = bare.split("::");
  const start = head ? head.split(":") : [];
  const end = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? start
      : [...start, ...Array<string>(Math.max(0, 8 - start.length - end.length)).fill("0"), ...end];
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group || "0", 16) || 0).toString(16))
    .join(":")}::/64`;
}

function countsFor(subject: SignInSubject): Count[] {
  const address = addressKey(subject.address);
  const account =
    subject.userID === null ? `login:${subject.login.trim().toLowerCase()}` : `user:${subject.userID}`;
  const counts: Count[] = [
    {
      key: `signin:${account}@${address}`,
      limit: MAX_FAILED_SIGN_INS,
      message: accountThrottledMessage,
      enforced: true,
    },
    {
      key: `signin:address:${address}`,
      limit: MAX_FAILED_SIGN_INS_PER_ADDRESS,
      message: addressThrottledMessage,
      enforced: true,
    },
  ];
  if (subject.userID !== null)
    counts.push({
      key: `signin:${account}`,
      limit: MAX_FAILED_SIGN_INS_PER_ACCOUNT,
      message: accountThrottledMessage,
      enforced: !subject.knownAddress,
    });
  return counts;
}

function windowStart(): string {
  return isoPlusSeconds(-SIGN_IN_WINDOW_SECONDS);
}

/** Minutes until one more attempt fits under the count's limit: when its limit-th newest failure ages out. */
async function minutesLeft(db: DbOrTx, count: Count): Promise<number> {
  const row = await db
    .selectFrom("authAttempts")
    .select("dateInserted")
    .where("attemptKey", "=", count.key)
    .where("dateInserted", ">", windowStart())
    .orderBy("dateInserted", "desc")
    .limit(1)
    .offset(count.limit - 1)
    .executeTakeFirst();
  const until = row ? Date.parse(row.dateInserted) + SIGN_IN_WINDOW_SECONDS * 1000 : Date.now();
  return Math.max(1, Math.ceil((until - Date.now()) / 60_000));
}

/** One sign-in attempt, counted as a failure from the start (see `beginSignInAttempt`). */
export class SignInAttempt {
  constructor(
    private readonly db: DbOrTx,
    private readonly counts: readonly Count[],
    private readonly dateInserted: string,
  ) {}

  /**
   * The password was right, so this was no guess: the attempt is forgotten (banned account, code still to
   * enter). With `succeeded`, the account's failures from this address are forgotten too.
   */
  async notAFailure(succeeded: boolean): Promise<void> {
    const [pair] = this.counts;
    await this.db
      .deleteFrom("authAttempts")
      .where(
        "attemptKey",
        "in",
        this.counts.map((count) => count.key),
      )
      .where("dateInserted", "=", this.dateInserted)
      .execute();
    if (succeeded && pair)
      await this.db.deleteFrom("authAttempts").where("attemptKey", "=", pair.key).execute();
  }
}

/**
 * Records the attempt as a failure before the password is checked, then counts: so requests sent all at once
 * cannot all pass a count taken before any of them was written. Over a limit it is 429 without checking the
 * password (the refused attempt still counts, so hammering keeps the door shut). Not in a transaction: a failed
 * sign-in must stay counted although the request fails.
 */
export async function beginSignInAttempt(db: DbOrTx, subject: SignInSubject): Promise<SignInAttempt> {
  const counts = countsFor(subject);
  const dateInserted = nowIso();
  await db
    .deleteFrom("authAttempts")
    .where(
      "attemptKey",
      "in",
      counts.map((count) => count.key),
    )
    .where("dateInserted", "<=", windowStart())
    .execute();
  await db
    .insertInto("authAttempts")
    .values(counts.map((count) => ({ attemptKey: count.key, dateInserted })))
    .execute();
  const rows = await db
    .selectFrom("authAttempts")
    .select((eb) => ["attemptKey", eb.fn.countAll<number>().as("failures")])
    .where(
      "attemptKey",
      "in",
      counts.map((count) => count.key),
    )
    .where("dateInserted", ">", windowStart())
    .groupBy("attemptKey")
    .execute();
  for (const count of counts) {
    const failures = Number(rows.find((row) => row.attemptKey === count.key)?.failures ?? 0);
    if (count.enforced && failures > count.limit)
      throw new TooManyRequestsError(count.message(await minutesLeft(db, count)));
  }
  return new SignInAttempt(db, counts, dateInserted);
}
