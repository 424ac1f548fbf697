import {
  SPAM_SIGNALS,
  type HoldReason,
  type ModerationItemType,
  type ModerationStatus,
  type SpamReason,
} from "@forum/api/moderationQueue";
import type { DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate } from "@library/server/db/writeTransaction";
import { ConflictError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Selectable } from "kysely";
import type { ModerationItemTable } from "./moderationTables";
import "./moderationTables";

export type ModerationItemRow = Selectable<ModerationItemTable>;

/** Items nobody has decided on yet. */
export const OPEN_STATUSES: readonly ModerationStatus[] = ["pending", "escalated"];
export const ALREADY_HANDLED = "This item has already been handled.";
export const ITEM_NOT_FOUND = "Moderation item";

/**
 * The `deleteLogID` a held post carries: negative, so it never names a change log entry, and not null, so
 * every list, count, feed, search record and notification of live posts leaves the post out until approval.
 */
export function heldMarker(itemID: number): number {
  return -itemID;
}

export function isOpen(item: { status: string }): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(item.status);
}

export function isHoldItem(item: { itemType: string }): boolean {
  return item.itemType === "premoderation" || item.itemType === "spam";
}

export function parseHoldReasons(json: string): HoldReason[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value)
      ? value.filter((reason): reason is HoldReason =>
          ["category", "newMember", "spam"].includes(String(reason)),
        )
      : [];
  } catch {
    return [];
  }
}

/** The stored SpamReasons of an item; anything malformed is left out. */
export function parseSpamReasons(json: string): SpamReason[] {
  try {
    const value = JSON.parse(json) as unknown;
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry: unknown) => {
      if (typeof entry !== "object" || entry === null) return [];
      const { signal, count, points } = entry as Record<string, unknown>;
      const known = (SPAM_SIGNALS as readonly unknown[]).includes(signal);
      return known && Number.isInteger(count) && Number.isInteger(points)
        ? [{ signal, count, points } as SpamReason]
        : [];
    });
  } catch {
    return [];
  }
}

export function itemTypeOf(reasons: readonly HoldReason[]): ModerationItemType {
  return reasons.includes("spam") ? "spam" : "premoderation";
}

/** Locks an item (after the post it is about: the lock order) and checks nobody decided on it meanwhile. */
export async function lockOpenItem(
  trx: DbOrTx,
  dialect: Dialect,
  itemID: number,
): Promise<ModerationItemRow> {
  const item = await trx
    .selectFrom("moderationItems")
    .selectAll()
    .where("itemID", "=", itemID)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  if (!item || !isOpen(item)) throw new ConflictError(ALREADY_HANDLED);
  return item;
}

/** Records the decision on a locked item. */
export async function resolveItem(
  trx: DbOrTx,
  itemID: number,
  status: ModerationStatus,
  actorUserID: number,
): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable("moderationItems")
    .set({ status, actionUserID: actorUserID, dateActioned: now, dateUpdated: now })
    .where("itemID", "=", itemID)
    .execute();
}
