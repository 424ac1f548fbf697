import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { perDatabase } from "@library/server/db/perDatabase";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { nowIso } from "@library/server/http/dates";
import type { AnonymizeData } from "../../api/analyticsApi";

/** Whether events are anonymized for members and guests who keep the site default ("-1"). */
export const ANONYMIZE_DEFAULT_SETTING = "analytics.anonymizeByDefault";

/** How long a member's choice is kept at most (a safety net: a choice written anywhere retires it at once). */
const CHOICE_TTL_MS = 30_000;

/**
 * Members' choices kept in memory, so a tick reads the database once per member. Defined on the cache layer
 * with `member:*`: a choice is written with its member's `member:<id>` name (`POST /analytics/privacy`), which
 * retires the choices here and in every other process.
 */
const choiceCaches = perDatabase((context) => {
  const cache = { entries: new Map<number, { value: AnonymizeData; until: number }>(), generation: 0 };
  context.caches.define({
    name: "analytics privacy choices",
    dependsOn: ["member:*"],
    retire: () => {
      cache.entries.clear();
      cache.generation += 1;
    },
  });
  return cache;
});

function parseChoice(value: string | undefined | null): AnonymizeData {
  return value === "1" || value === "0" ? value : "-1";
}

/** The member's stored choice ("-1" when they never chose). */
export async function memberChoice(context: AppContext, userID: number): Promise<AnonymizeData> {
  const cache = choiceCaches.of(context);
  const cached = cache.entries.get(userID);
  if (cached && cached.until > Date.now()) return cached.value;
  const generation = cache.generation;
  const row = await context.db
    .selectFrom("analyticsPrivacy")
    .select("anonymizeData")
    .where("userID", "=", userID)
    .executeTakeFirst();
  const value = parseChoice(row?.anonymizeData);
  // A choice written while this one was read retired the cache: what was read may be the old one.
  if (cache.generation === generation)
    cache.entries.set(userID, { value, until: Date.now() + CHOICE_TTL_MS });
  return value;
}

/** What an anonymized event keeps of who sent it: nothing. */
export const ANONYMOUS = { userID: null, ipAddress: null, visitorKey: null } as const;

/**
 * Stores the member's choice (`POST /analytics/privacy`). Choosing anonymization also takes their id and address
 * off the events already stored (batches still waiting are stripped when written), so none stays under their id.
 */
export async function setMemberChoice(
  context: AppContext,
  userID: number,
  value: AnonymizeData,
): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await trx
      .insertInto("analyticsPrivacy")
      .values({ userID, anonymizeData: value, dateUpdated: nowIso() })
      .onConflict((conflict) =>
        conflict.column("userID").doUpdateSet({ anonymizeData: value, dateUpdated: nowIso() }),
      )
      .execute();
    if (value === "1")
      await trx.updateTable("analyticsEvents").set(ANONYMOUS).where("userID", "=", userID).execute();
  });
  choiceCaches.of(context).entries.set(userID, { value, until: Date.now() + CHOICE_TTL_MS });
}

/** Of these members, those who chose anonymization (read when a batch is written). */
export async function anonymizedAmong(db: DbOrTx, userIDs: readonly number[]): Promise<Set<number>> {
  if (userIDs.length === 0) return new Set();
  const rows = await db
    .selectFrom("analyticsPrivacy")
    .select("userID")
    .where("userID", "in", [...userIDs])
    .where("anonymizeData", "=", "1")
    .execute();
  return new Set(rows.map((row) => row.userID));
}

/** The guests' cookie: `{garden.cookie.name}-AnonymizeData` (SPEC 6, API.md 26). */
export function anonymizeCookieName(context: AppContext): string {
  return `${context.settings.peek<string>("garden.cookie.name")}-AnonymizeData`;
}

/**
 * Whether a tick's event is anonymized: the member's stored choice (`userID`) or the guest cookie's
 * (`guestCookie`), else the site's default.
 */
export async function isAnonymized(
  context: AppContext,
  userID: number | null,
  guestCookie: string | undefined,
): Promise<boolean> {
  const choice = userID === null ? parseChoice(guestCookie) : await memberChoice(context, userID);
  if (choice === "1") return true;
  if (choice === "0") return false;
  return context.settings.peek<boolean>(ANONYMIZE_DEFAULT_SETTING) === true;
}
