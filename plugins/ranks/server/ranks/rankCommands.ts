import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { sanitizeHtml } from "@library/server/formats/sanitizeHtml";
import { nowIso } from "@library/server/http/dates";
import { escapeHtml } from "@library/server/pages/html";
import type { Viewer } from "@library/server/permissions/viewer";
import type { ValidationErrorItem } from "@forum/api/common";
import type { RankPatch, RankPost } from "../../api/ranksApi";
import type { RankTable } from "../tables";
import "../tables";

/** Every member's rank is recomputed after ranks change (one waiting job at a time). */
export const RECOMPUTE_ALL_JOB = "ranks.recomputeAll";
/** One member's rank is recomputed (a hand-given rank taken back). */
export const RECOMPUTE_USER_JOB = "ranks.recomputeUser";

type RankColumns = Partial<Omit<RankTable, "rankID" | "dateInserted" | "dateUpdated">>;

/** The columns a POST or PATCH body sets (a PATCH's `criteria` replaces all criteria). */
function columnsOf(body: RankPatch): RankColumns {
  const columns: RankColumns = {};
  if (body.name !== undefined) columns.name = body.name.trim();
  if (body.userTitle !== undefined) columns.userTitle = body.userTitle.trim();
  if (body.label !== undefined) columns.label = body.label.trim();
  if (body.labelHtml !== undefined) columns.labelHtml = sanitizeHtml(body.labelHtml);
  else if (body.label !== undefined) columns.labelHtml = escapeHtml(body.label.trim());
  if (body.level !== undefined) columns.level = body.level;
  if (body.manual !== undefined) columns.manual = body.manual ? 1 : 0;
  if (body.criteria !== undefined) {
    columns.minPosts = body.criteria.posts ?? null;
    columns.minPoints = body.criteria.points ?? null;
    columns.minDaysSinceJoin = body.criteria.daysSinceJoin ?? null;
    columns.roleID = body.criteria.roleID ?? null;
  }
  if (body.abilities?.links !== undefined) columns.allowLinks = body.abilities.links ? 1 : 0;
  return columns;
}

/** Name and level are unique; the role must exist; the label must keep some text after sanitising. */
async function checkColumns(trx: DbOrTx, columns: RankColumns, rankID: number | null): Promise<void> {
  const errors: ValidationErrorItem[] = [];
  const others = (query: "name" | "level", value: string | number) =>
    trx
      .selectFrom("ranks")
      .select("rankID")
      .where(query, "=", value)
      .$if(rankID !== null, (q) => q.where("rankID", "!=", rankID ?? 0))
      .executeTakeFirst();
  if (columns.name !== undefined) {
    if (columns.name === "")
      errors.push({ field: "name", code: "minLength", message: "A rank needs a name." });
    else if (await others("name", columns.name))
      errors.push({ field: "name", code: "unique", message: "Another rank has this name." });
  }
  if (columns.level !== undefined && (await others("level", columns.level)))
    errors.push({ field: "level", code: "unique", message: "Another rank has this level." });
  if (columns.labelHtml !== undefined && columns.labelHtml.replace(/<[^>]*>/g, "").trim() === "")
    errors.push({ field: "labelHtml", code: "invalid", message: "The label needs some text." });
  if (columns.roleID !== undefined && columns.roleID !== null) {
    const role = await trx
      .selectFrom("roles")
      .select("roleID")
      .where("roleID", "=", columns.roleID)
      .executeTakeFirst();
    if (!role)
      errors.push({ field: "criteria.roleID", code: "invalid", message: "The role does not exist." });
  }
  if (errors.length > 0) throw new ValidationError(errors);
}

async function recomputeLater(context: AppContext, trx: DbOrTx): Promise<void> {
  await context.jobs.enqueue(trx, RECOMPUTE_ALL_JOB, {}, { uniqueKey: RECOMPUTE_ALL_JOB });
}

/** `POST /ranks` (site.manage). */
export async function createRank(context: AppContext, viewer: Viewer, body: RankPost): Promise<number> {
  viewer.require("site.manage");
  const columns = columnsOf(body);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    await checkColumns(trx, columns, null);
    const { rankID } = await trx
      .insertInto("ranks")
      .values({
        name: body.name.trim(),
        userTitle: "",
        label: body.label.trim(),
        labelHtml: escapeHtml(body.label.trim()),
        level: body.level,
        manual: 0,
        minPosts: null,
        minPoints: null,
        minDaysSinceJoin: null,
        roleID: null,
        allowLinks: 0,
        ...columns,
        dateInserted: nowIso(),
        dateUpdated: null,
      })
      .returning("rankID")
      .executeTakeFirstOrThrow();
    await recomputeLater(context, trx);
    return rankID;
  });
}

/** `PATCH /ranks/{id}` (site.manage). */
export async function patchRank(
  context: AppContext,
  viewer: Viewer,
  rankID: number,
  body: RankPatch,
): Promise<void> {
  viewer.require("site.manage");
  const columns = columnsOf(body);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await trx
      .selectFrom("ranks")
      .select("rankID")
      .where("rankID", "=", rankID)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("Rank");
    await checkColumns(trx, columns, rankID);
    await trx
      .updateTable("ranks")
      .set({ ...columns, dateUpdated: nowIso() })
      .where("rankID", "=", rankID)
      .execute();
    await recomputeLater(context, trx);
  });
}

/** `DELETE /ranks/{id}` (site.manage): its members lose it and earn their next rank again. */
export async function deleteRank(context: AppContext, viewer: Viewer, rankID: number): Promise<void> {
  viewer.require("site.manage");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const deleted = await trx.deleteFrom("ranks").where("rankID", "=", rankID).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError("Rank");
    await trx.deleteFrom("userRanks").where("rankID", "=", rankID).execute();
    await recomputeLater(context, trx);
  });
}

/**
 * `PUT /ranks/user/{userID}` (ranks.assign): gives a member a rank by hand (it stays until changed), or with
 * `null` takes it back so they hold the rank they earn.
 */
export async function setUserRank(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  rankID: number | null,
): Promise<void> {
  viewer.require("ranks.assign");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select("userID")
      .where("userID", "=", userID)
      .where("deleted", "=", 0)
      .executeTakeFirst();
    if (!user) throw new NotFoundError("User");
    if (rankID === null) {
      await trx.deleteFrom("userRanks").where("userID", "=", userID).execute();
      await context.jobs.enqueue(trx, RECOMPUTE_USER_JOB, { userID });
      return;
    }
    const rank = await trx
      .selectFrom("ranks")
      .select("rankID")
      .where("rankID", "=", rankID)
      .executeTakeFirst();
    if (!rank) throw ValidationError.field("rankID", "The rank does not exist.");
    const now = nowIso();
    await trx
      .insertInto("userRanks")
      .values({ userID, rankID, manual: 1, dateUpdated: now })
      .onConflict((conflict) =>
        conflict.column("userID").doUpdateSet({ rankID, manual: 1, dateUpdated: now }),
      )
      .execute();
  });
}
