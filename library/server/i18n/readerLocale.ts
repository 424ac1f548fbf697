import { LOCALE_COOKIE, SOURCE_LOCALE } from "@forum/api/locales";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";
import type { DbOrTx } from "../db/database";
import { requestSiteSection } from "../http/siteSections";
import { findEnabledLocale } from "./localeRegistry";

/** The member's choice is one row of the per-member choices table (`userPreferences`, beside the reply display). */
const PREFERENCE = "locale";

// A type alias, not an interface: `withTables` asks for an index signature.
type PreferenceTables = {
  userPreferences: { userID: number; preference: string; value: string };
};

function preferences(db: DbOrTx) {
  return db.withTables<PreferenceTables>();
}

export async function getLocalePreference(db: DbOrTx, userID: number): Promise<string | null> {
  if (userID <= 0) return null;
  const row = await preferences(db)
    .selectFrom("userPreferences")
    .select("value")
    .where("userID", "=", userID)
    .where("preference", "=", PREFERENCE)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function setLocalePreference(db: DbOrTx, userID: number, locale: string): Promise<void> {
  await preferences(db)
    .insertInto("userPreferences")
    .values({ userID, preference: PREFERENCE, value: locale })
    .onConflict((conflict) => conflict.columns(["userID", "preference"]).doUpdateSet({ value: locale }))
    .execute();
}

/**
 * Members' stored choices between their requests, per process, for the member generation (any write, a member's
 * own choice included, starts a new one: docs/caching.md "member state").
 */
const storedChoices = new WeakMap<object, { version: number; byUser: Map<number, string | null> }>();

/**
 * Sites whose database has no `userPreferences` table (built without the forum application): their members read
 * in the cookie's or the site's language.
 */
const withoutPreferences = new WeakSet<object>();

function isMissingTable(error: unknown): boolean {
  return /no such table|does not exist/i.test(String((error as { message?: unknown } | null)?.message));
}

/** Keeps a member's choice on their account (where the site has the table for it; the cookie keeps it anyway). */
export async function storeLocaleChoice(context: AppContext, userID: number, locale: string): Promise<void> {
  if (withoutPreferences.has(context)) return;
  try {
    await setLocalePreference(context.db, userID, locale);
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    withoutPreferences.add(context);
  }
}

async function storedChoice(context: AppContext, userID: number): Promise<string | null> {
  const version = context.caches.memberVersion;
  let known = storedChoices.get(context);
  if (known?.version !== version) {
    known = { version, byUser: new Map() };
    storedChoices.set(context, known);
  }
  if (known.byUser.has(userID)) return known.byUser.get(userID) ?? null;
  if (withoutPreferences.has(context)) return null;
  let value: string | null;
  try {
    value = await getLocalePreference(context.db, userID);
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    withoutPreferences.add(context);
    return null;
  }
  if (known.byUser.size > 10_000) known.byUser.clear();
  known.byUser.set(userID, value);
  return value;
}

/**
 * The reader's language: a member's stored choice, else the browser's cookie (guests, and members who chose
 * before signing in), else the site's `garden.locale`, else English; only a locale the site offers now.
 */
export async function resolveReaderLocale(context: AppContext, request: FastifyRequest): Promise<string> {
  const candidates: Array<string | null | undefined> = [];
  if (!request.viewer.isGuest) candidates.push(await storedChoice(context, request.viewer.userID));
  // A site section's language comes before the site's: the reader's for that section unless they chose one.
  candidates.push(
    request.cookies[LOCALE_COOKIE],
    requestSiteSection(request)?.locale,
    context.settings.peek<string>("garden.locale"),
  );
  for (const candidate of candidates) {
    const locale = findEnabledLocale(context, candidate);
    if (locale) return locale.localeKey;
  }
  return SOURCE_LOCALE;
}
