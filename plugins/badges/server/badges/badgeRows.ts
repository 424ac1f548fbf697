import type { DbOrTx } from "@library/server/db/database";
import { toApiDate } from "@library/server/http/dates";
import type { Selectable } from "kysely";
import { badgeUrl, type Badge, type BadgeType } from "../../api/badgesApi";
import type { BadgeTable } from "../tables";
import "../tables";

export type BadgeRow = Selectable<BadgeTable>;

export function presentBadge(row: BadgeRow): Badge {
  return {
    badgeID: row.badgeID,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    type: row.type as BadgeType,
    threshold: row.threshold,
    points: row.points,
    countRecipients: row.countRecipients,
    url: badgeUrl(row.slug),
    dateInserted: toApiDate(row.dateInserted),
  };
}

/** Every badge: the automatic ones by type and threshold, then the manual ones by name. */
export async function listBadgeRows(db: DbOrTx): Promise<BadgeRow[]> {
  return db
    .selectFrom("badges")
    .selectAll()
    .orderBy("type")
    .orderBy("threshold")
    .orderBy("name")
    .orderBy("badgeID")
    .execute();
}

export async function getBadgeRow(db: DbOrTx, badgeID: number): Promise<BadgeRow | undefined> {
  return db.selectFrom("badges").selectAll().where("badgeID", "=", badgeID).executeTakeFirst();
}

export async function getBadgeRowBySlug(db: DbOrTx, slug: string): Promise<BadgeRow | undefined> {
  return db.selectFrom("badges").selectAll().where("slug", "=", slug).executeTakeFirst();
}
