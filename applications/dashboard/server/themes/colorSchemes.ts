import { COLOR_SCHEMES, type ColorScheme } from "@forum/api/themes";
import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyRequest } from "fastify";
import "./themeTables";

/** The guest's choice (members keep theirs on the server). */
export const COLOR_SCHEME_COOKIE = "colorScheme";

export function isColorScheme(value: unknown): value is ColorScheme {
  return typeof value === "string" && (COLOR_SCHEMES as readonly string[]).includes(value);
}

/** Members' choices, kept between pages for one member generation (any write starts another). */
const remembered = new WeakMap<AppContext, { version: number; byUser: Map<number, ColorScheme> }>();

async function memberScheme(context: AppContext, userID: number): Promise<ColorScheme> {
  let entry = remembered.get(context);
  if (!entry || entry.version !== context.caches.memberVersion) {
    entry = { version: context.caches.memberVersion, byUser: new Map() };
    remembered.set(context, entry);
  }
  const known = entry.byUser.get(userID);
  if (known) return known;
  const row = await context.db
    .selectFrom("memberColorSchemes")
    .select("colorScheme")
    .where("userID", "=", userID)
    .executeTakeFirst();
  const scheme = isColorScheme(row?.colorScheme) ? row.colorScheme : "system";
  entry.byUser.set(userID, scheme);
  return scheme;
}

/** The reader's scheme: a member's stored choice, a guest's cookie, else the device's (`system`). */
export async function readerColorScheme(context: AppContext, request: FastifyRequest): Promise<ColorScheme> {
  if (request.viewer.isGuest) {
    const cookie = request.cookies[COLOR_SCHEME_COOKIE];
    return isColorScheme(cookie) ? cookie : "system";
  }
  return memberScheme(context, request.viewer.userID);
}

export async function saveMemberColorScheme(
  context: AppContext,
  viewer: Viewer,
  colorScheme: ColorScheme,
): Promise<void> {
  const now = nowIso();
  await context.db
    .insertInto("memberColorSchemes")
    .values({ userID: viewer.userID, colorScheme, dateUpdated: now })
    .onConflict((conflict) => conflict.column("userID").doUpdateSet({ colorScheme, dateUpdated: now }))
    .execute();
}
