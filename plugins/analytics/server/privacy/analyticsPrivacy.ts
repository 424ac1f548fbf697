import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { perDatabase } from "@library/server/db/perDatabase";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyRequest } from "fastify";
import type { AnonymizeData } from "../../api/analyticsApi";

/** Whether events are anonymized for members and guests who keep the site default ("-1"). */
export const ANONYMIZE_DEFAULT_SETTING = "analytics.anonymizeByDefault";

/** How long a member's choice is trusted from memory (another process may have changed it). */
const CHOICE_TTL_MS = 30_000;

/** Members' choices kept in memory, so a tick reads the database at most every 30 seconds per member. */
const choiceCaches = perDatabase(() => new Map<number, { value: AnonymizeData; until: number }>());

function parseChoice(value: string | undefined | null): AnonymizeData {
  return value === "1" || value === "0" ? value : "-1";
}

/** The member's stored choice ("-1" when they never chose). */
export async function memberChoice(context: AppContext, userID: number): Promise<AnonymizeData> {
  const cache = choiceCaches.of(context);
  const cached = cache.get(userID);
  if (cached && cached.until > Date.now()) return cached.value;
  const row = await context.db
    .selectFrom("analyticsPrivacy")
    .select("anonymizeData")
    .where("userID", "=", userID)
    .executeTakeFirst();
  const value = parseChoice(row?.anonymizeData);
  cache.set(userID, { value, until: Date.now() + CHOICE_TTL_MS });
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
  choiceCaches.of(context).set(userID, { value, until: Date.now() + CHOICE_TTL_MS });
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

/** Whether this request's events are anonymized: the member's or the guest cookie's choice, else the site's. */
export async function isAnonymized(
  context: AppContext,
  viewer: Viewer,
  request: FastifyRequest,
): Promise<boolean> {
  const choice = viewer.isGuest
    ? parseChoice(request.cookies[anonymizeCookieName(context)])
    : await memberChoice(context, viewer.userID);
  if (choice === "1") return true;
  if (choice === "0") return false;
  return context.settings.peek<boolean>(ANONYMIZE_DEFAULT_SETTING) === true;
}
