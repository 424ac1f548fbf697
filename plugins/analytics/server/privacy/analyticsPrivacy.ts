import type { AppContext } from "@library/server/app/appContext";
import { perDatabase } from "@library/server/db/perDatabase";
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

/** Stores the member's choice (`POST /analytics/privacy`). */
export async function setMemberChoice(
  context: AppContext,
  userID: number,
  value: AnonymizeData,
): Promise<void> {
  await context.db
    .insertInto("analyticsPrivacy")
    .values({ userID, anonymizeData: value, dateUpdated: nowIso() })
    .onConflict((conflict) =>
      conflict.column("userID").doUpdateSet({ anonymizeData: value, dateUpdated: nowIso() }),
    )
    .execute();
  choiceCaches.of(context).set(userID, { value, until: Date.now() + CHOICE_TTL_MS });
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
