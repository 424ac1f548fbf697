import { createHash, randomBytes } from "node:crypto";
import { Type } from "@sinclair/typebox";
import type { DbOrTx } from "../db/database";
import { nowIso } from "../http/dates";
import { defineSetting } from "../settings/settingsRegistry";
import { generateTotpSecret, matchTotp } from "./totp";

export interface UserTwoFactorTable {
  userID: number;
  /** Base32 secret; pending (not yet required at sign-in) until `dateEnabled` is set. */
  secret: string;
  dateEnabled: string | null;
  /** The newest time step a code was accepted for: each code works once. */
  lastUsedStep: number;
  /** JSON array of SHA-256 hashes of the unused recovery codes. */
  recoveryCodes: string;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    userTwoFactor: UserTwoFactorTable;
  }
}

/** When on, administrators must turn two-factor authentication on before they can change anything. */
export const TWO_FACTOR_REQUIRED_FOR_ADMINS = "security.twoFactor.requiredForAdministrators";

defineSetting({
  key: TWO_FACTOR_REQUIRED_FOR_ADMINS,
  schema: Type.Boolean(),
  default: false,
  read: "site.manage",
  write: "site.manage",
});

export const RECOVERY_CODE_COUNT = 10;

function hashCode(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");
}

/** `abcd-efgh` style codes: 40 bits each, easy to copy by hand. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString("hex");
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export interface TwoFactorState {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorState(db: DbOrTx, userID: number): Promise<TwoFactorState> {
  const row = await db
    .selectFrom("userTwoFactor")
    .select(["dateEnabled", "recoveryCodes"])
    .where("userID", "=", userID)
    .executeTakeFirst();
  if (!row?.dateEnabled) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: (JSON.parse(row.recoveryCodes) as string[]).length };
}

/** A fresh pending secret (replacing an earlier unconfirmed one); refused by the caller when already on. */
export async function startTwoFactorSetup(db: DbOrTx, userID: number): Promise<string> {
  const secret = generateTotpSecret();
  await db
    .deleteFrom("userTwoFactor")
    .where("userID", "=", userID)
    .where("dateEnabled", "is", null)
    .execute();
  await db
    .insertInto("userTwoFactor")
    .values({
      userID,
      secret,
      dateEnabled: null,
      lastUsedStep: 0,
      recoveryCodes: "[]",
      dateInserted: nowIso(),
    })
    .execute();
  return secret;
}

/** Turns it on when the code proves the app holds the pending secret; answers the recovery codes (shown once). */
export async function confirmTwoFactorSetup(
  db: DbOrTx,
  userID: number,
  code: string,
): Promise<string[] | null> {
  const row = await db
    .selectFrom("userTwoFactor")
    .select(["secret", "lastUsedStep"])
    .where("userID", "=", userID)
    .where("dateEnabled", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const step = matchTotp(row.secret, code, row.lastUsedStep);
  if (step === null) return null;
  const codes = newRecoveryCodes();
  await db
    .updateTable("userTwoFactor")
    .set({ dateEnabled: nowIso(), lastUsedStep: step, recoveryCodes: JSON.stringify(codes.map(hashCode)) })
    .where("userID", "=", userID)
    .execute();
  return codes;
}

/**
 * Checks a sign-in's second factor: a current authenticator code (each works once) or an unused recovery code
 * (used up). True when it passes.
 */
export async function verifySecondFactor(db: DbOrTx, userID: number, code: string): Promise<boolean> {
  const row = await db
    .selectFrom("userTwoFactor")
    .select(["secret", "lastUsedStep", "recoveryCodes", "dateEnabled"])
    .where("userID", "=", userID)
    .executeTakeFirst();
  if (!row?.dateEnabled) return false;
  const step = matchTotp(row.secret, code, row.lastUsedStep);
  if (step !== null) {
    const updated = await db
      .updateTable("userTwoFactor")
      .set({ lastUsedStep: step })
      .where("userID", "=", userID)
      .where("lastUsedStep", "<", step)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }
  const hashes = JSON.parse(row.recoveryCodes) as string[];
  const hashed = hashCode(code);
  if (!hashes.includes(hashed)) return false;
  const updated = await db
    .updateTable("userTwoFactor")
    .set({ recoveryCodes: JSON.stringify(hashes.filter((hash) => hash !== hashed)) })
    .where("userID", "=", userID)
    .where("recoveryCodes", "=", row.recoveryCodes)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** New recovery codes (the old ones stop working). */
export async function replaceRecoveryCodes(db: DbOrTx, userID: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db
    .updateTable("userTwoFactor")
    .set({ recoveryCodes: JSON.stringify(codes.map(hashCode)) })
    .where("userID", "=", userID)
    .execute();
  return codes;
}

export async function removeTwoFactor(db: DbOrTx, userID: number): Promise<void> {
  await db.deleteFrom("userTwoFactor").where("userID", "=", userID).execute();
}
