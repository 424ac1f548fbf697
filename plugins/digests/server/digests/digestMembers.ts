import type { DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import type { DigestFrequency } from "./digestPeriods";
import "../tables";

/** A member's choice: the site's default, or their own frequency, or never. */
export type DigestChoice = "default" | DigestFrequency | "never";

export const DIGEST_CHOICES: readonly DigestChoice[] = ["default", "daily", "weekly", "never"];

/** The site's default frequency (setting `digests.frequency`). */
export type SiteDigestFrequency = DigestFrequency | "off";

export async function digestChoiceOf(db: DbOrTx, userID: number): Promise<DigestChoice> {
  const row = await db
    .selectFrom("digestMembers")
    .select("frequency")
    .where("userID", "=", userID)
    .executeTakeFirst();
  return row && DIGEST_CHOICES.includes(row.frequency as DigestChoice)
    ? (row.frequency as DigestChoice)
    : "default";
}

/** Stores a member's choice ("default" removes it, so a later change of the site's default applies). */
export async function setDigestChoice(db: DbOrTx, userID: number, choice: DigestChoice): Promise<void> {
  if (choice === "default") {
    await db.deleteFrom("digestMembers").where("userID", "=", userID).execute();
    return;
  }
  const dateUpdated = nowIso();
  await db
    .insertInto("digestMembers")
    .values({ userID, frequency: choice, dateUpdated })
    .onConflict((conflict) => conflict.column("userID").doUpdateSet({ frequency: choice, dateUpdated }))
    .execute();
}

/** What a member gets: their own choice, else the site's default. */
export function effectiveFrequency(choice: DigestChoice, site: SiteDigestFrequency): DigestFrequency | null {
  if (choice === "never") return null;
  if (choice === "default") return site === "off" ? null : site;
  return choice;
}

/**
 * Up to `limit` members after `afterUserID` who get the digest of `frequency`: not deleted or banned, with an
 * email address, whose own choice or (without one) the site's default is that frequency.
 */
export async function membersGetting(
  db: DbOrTx,
  frequency: DigestFrequency,
  site: SiteDigestFrequency,
  afterUserID: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom("users")
    .leftJoin("digestMembers", "digestMembers.userID", "users.userID")
    .select("users.userID")
    .where("users.userID", ">", afterUserID)
    .where("users.deleted", "=", 0)
    .where("users.banned", "=", 0)
    .where("users.email", "!=", "")
    .where((eb) =>
      site === frequency
        ? eb.or([eb("digestMembers.frequency", "is", null), eb("digestMembers.frequency", "=", frequency)])
        : eb("digestMembers.frequency", "=", frequency),
    )
    .orderBy("users.userID")
    .limit(limit)
    .execute();
  return rows.map((row) => row.userID);
}
