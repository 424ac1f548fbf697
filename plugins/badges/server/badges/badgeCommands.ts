import type { ValidationErrorItem } from "@forum/api/common";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { changeUserPoints } from "@library/server/users/userPoints";
import { sql } from "kysely";
import type { BadgePatch, BadgePost, BadgeType } from "../../api/badgesApi";
import type { BadgeRow } from "./badgeRows";
import "../tables";

/** Rule badges of these types need a threshold; `manual` and `firstPost` have none. */
const NEEDS_THRESHOLD: readonly BadgeType[] = ["comments", "reactions", "anniversary"];

/** `First Post!` → `first-post`. */
export function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "badge"
  );
}

async function checkBadge(
  trx: DbOrTx,
  badge: { slug: string; type: BadgeType; threshold: number | null; name: string },
  badgeID: number | null,
): Promise<void> {
  const errors: ValidationErrorItem[] = [];
  if (badge.name.trim() === "")
    errors.push({ field: "name", code: "minLength", message: "A badge needs a name." });
  const taken = await trx
    .selectFrom("badges")
    .select("badgeID")
    .where("slug", "=", badge.slug)
    .$if(badgeID !== null, (query) => query.where("badgeID", "!=", badgeID ?? 0))
    .executeTakeFirst();
  if (taken) errors.push({ field: "slug", code: "unique", message: "Another badge has this address." });
  if (NEEDS_THRESHOLD.includes(badge.type) && badge.threshold === null)
    errors.push({ field: "threshold", code: "required", message: "This kind of badge needs a threshold." });
  if (errors.length > 0) throw new ValidationError(errors);
}

/** `POST /badges` (site.manage). */
export async function createBadge(context: AppContext, viewer: Viewer, body: BadgePost): Promise<number> {
  viewer.require("site.manage");
  const type = body.type;
  const values = {
    slug: body.slug ?? slugOf(body.name),
    name: body.name.trim(),
    description: body.description.trim(),
    icon: body.icon ?? "🏅",
    type,
    threshold: type === "manual" || type === "firstPost" ? null : (body.threshold ?? null),
    points: body.points ?? 0,
  };
  return writeTransaction(context.db, context.dialect, async (trx) => {
    await checkBadge(trx, values, null);
    const { badgeID } = await trx
      .insertInto("badges")
      .values({ ...values, countRecipients: 0, dateInserted: nowIso() })
      .returning("badgeID")
      .executeTakeFirstOrThrow();
    return badgeID;
  });
}

/** `PATCH /badges/{id}` (site.manage). A change of points moves every holder's points by the difference. */
export async function patchBadge(
  context: AppContext,
  viewer: Viewer,
  badgeID: number,
  body: BadgePatch,
): Promise<void> {
  viewer.require("site.manage");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await trx.selectFrom("badges").selectAll().where("badgeID", "=", badgeID).executeTakeFirst();
    if (!row) throw new NotFoundError("Badge");
    const type = body.type ?? (row.type as BadgeType);
    const next = {
      slug: body.slug ?? row.slug,
      name: body.name?.trim() ?? row.name,
      description: body.description?.trim() ?? row.description,
      icon: body.icon ?? row.icon,
      type,
      threshold:
        type === "manual" || type === "firstPost"
          ? null
          : body.threshold !== undefined
            ? body.threshold
            : row.threshold,
      points: body.points ?? row.points,
    };
    await checkBadge(trx, next, badgeID);
    await trx.updateTable("badges").set(next).where("badgeID", "=", badgeID).execute();
    if (next.points !== row.points) await moveHoldersPoints(context, trx, row, next.points - row.points);
  });
}

async function moveHoldersPoints(
  context: AppContext,
  trx: DbOrTx,
  badge: BadgeRow,
  delta: number,
): Promise<void> {
  const holders = await trx
    .selectFrom("userBadges")
    .select("userID")
    .where("badgeID", "=", badge.badgeID)
    .execute();
  for (const { userID } of holders) await changeUserPoints(trx, context, userID, delta);
}

/** `DELETE /badges/{id}` (site.manage): its holders lose it and its points. */
export async function deleteBadge(context: AppContext, viewer: Viewer, badgeID: number): Promise<void> {
  viewer.require("site.manage");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await trx.selectFrom("badges").selectAll().where("badgeID", "=", badgeID).executeTakeFirst();
    if (!row) throw new NotFoundError("Badge");
    await moveHoldersPoints(context, trx, row, -row.points);
    await trx.deleteFrom("userBadges").where("badgeID", "=", badgeID).execute();
    await trx.deleteFrom("badges").where("badgeID", "=", badgeID).execute();
  });
}

/** Keeps a badge's holder count in step with its rows (inside the award's transaction). */
export async function adjustRecipients(trx: DbOrTx, badgeID: number, delta: number): Promise<void> {
  await trx
    .updateTable("badges")
    .set({ countRecipients: sql`"countRecipients" + ${delta}` })
    .where("badgeID", "=", badgeID)
    .execute();
}
