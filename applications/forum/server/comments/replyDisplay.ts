import type { ReplyDisplay } from "@forum/api/categories";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import type { CategoryTree } from "../categories/categoryTree";

/** One small per-member choice by name (the reader's reply display). */
export interface UserPreferenceTable {
  userID: number;
  preference: string;
  value: string;
}

declare module "@library/server/db/database" {
  interface Database {
    userPreferences: UserPreferenceTable;
  }
}

const PREFERENCE = "replyDisplay";
/** A guest's choice, kept in this browser (set by the page's script; read by the server's page). */
export const REPLY_DISPLAY_COOKIE = "replyDisplay";

export function parseReplyDisplay(value: unknown): ReplyDisplay | null {
  return value === "flat" || value === "threaded" ? value : null;
}

export async function getReplyDisplayPreference(db: DbOrTx, userID: number): Promise<ReplyDisplay | null> {
  if (userID <= 0) return null;
  const row = await db
    .selectFrom("userPreferences")
    .select("value")
    .where("userID", "=", userID)
    .where("preference", "=", PREFERENCE)
    .executeTakeFirst();
  return parseReplyDisplay(row?.value);
}

/** Stores (or with null forgets) a member's choice. */
export async function setReplyDisplayPreference(
  db: DbOrTx,
  userID: number,
  value: ReplyDisplay | null,
): Promise<void> {
  if (value === null) {
    await db
      .deleteFrom("userPreferences")
      .where("userID", "=", userID)
      .where("preference", "=", PREFERENCE)
      .execute();
    return;
  }
  await db
    .insertInto("userPreferences")
    .values({ userID, preference: PREFERENCE, value })
    .onConflict((conflict) => conflict.columns(["userID", "preference"]).doUpdateSet({ value }))
    .execute();
}

export interface ReplyDisplayChoice {
  /** `?replyDisplay=` of the address (the switch's links work without script). */
  requested?: unknown;
  /** The guest's cookie. */
  cookie?: unknown;
  /** The member's stored choice when the caller has it already (read here otherwise). */
  stored?: ReplyDisplay | null;
}

/**
 * How a discussion shows its comments: the address's choice, else the member's stored one (a guest's cookie),
 * else the category's setting.
 */
export async function resolveReplyDisplay(
  db: DbOrTx,
  viewer: Viewer,
  tree: CategoryTree,
  categoryID: number,
  choice: ReplyDisplayChoice,
): Promise<ReplyDisplay> {
  const requested = parseReplyDisplay(choice.requested);
  if (requested) return requested;
  const own = viewer.isGuest
    ? parseReplyDisplay(choice.cookie)
    : choice.stored !== undefined
      ? choice.stored
      : await getReplyDisplayPreference(db, viewer.userID);
  if (own) return own;
  return parseReplyDisplay(tree.get(categoryID)?.replyDisplay) ?? "flat";
}
