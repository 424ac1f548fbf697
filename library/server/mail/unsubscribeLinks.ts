import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { Type } from "@sinclair/typebox";
import type { DbOrTx } from "../db/database";
import { nowIso } from "../http/dates";
import { defineSetting } from "../settings/settingsRegistry";

/** The key unsubscribe links are signed with: made on first use, kept with the settings, never read out. */
export const UNSUBSCRIBE_SECRET_SETTING = "email.unsubscribeSecret";

defineSetting({
  key: UNSUBSCRIBE_SECRET_SETTING,
  schema: Type.String(),
  default: "",
  read: "none",
  write: "none",
});

/** The site path of an unsubscribe link; `POST` to it (one click, RFC 8058) or open it to confirm. */
export function unsubscribePath(token: string): string {
  return `/unsubscribe/${token}`;
}

async function storedSecret(db: DbOrTx): Promise<string | null> {
  const row = await db
    .selectFrom("configValues")
    .select("value")
    .where("key", "=", UNSUBSCRIBE_SECRET_SETTING)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as string) : null;
}

async function unsubscribeSecret(db: DbOrTx): Promise<string> {
  const stored = await storedSecret(db);
  if (stored) return stored;
  await db
    .insertInto("configValues")
    .values({
      key: UNSUBSCRIBE_SECRET_SETTING,
      value: JSON.stringify(randomBytes(32).toString("hex")),
      dateUpdated: nowIso(),
      updateUserID: 0,
    })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const secret = await storedSecret(db);
  if (!secret) throw new Error("The unsubscribe key could not be stored.");
  return secret;
}

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url").slice(0, 32);
}

/** What an unsubscribe link turns off: one member's email for one kind of notification. */
export interface UnsubscribeTarget {
  userID: number;
  activityType: string;
}

/** A token naming the member and the kind, signed so nobody can make one for somebody else. */
export async function signUnsubscribeToken(db: DbOrTx, target: UnsubscribeTarget): Promise<string> {
  const payload = Buffer.from(`${target.userID}.${target.activityType}`).toString("base64url");
  return `${payload}.${signature(await unsubscribeSecret(db), payload)}`;
}

/** The member and kind a token names, or null when it is malformed or its signature does not match. */
export async function readUnsubscribeToken(db: DbOrTx, token: string): Promise<UnsubscribeTarget | null> {
  const [payload, signed, ...rest] = token.split(".");
  if (!payload || !signed || rest.length > 0) return null;
  const expected = Buffer.from(signature(await unsubscribeSecret(db), payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = /^(\d+)\.([A-Za-z][A-Za-z0-9]*)$/.exec(Buffer.from(payload, "base64url").toString());
  if (!match?.[1] || !match[2]) return null;
  return { userID: Number(match[1]), activityType: match[2] };
}
