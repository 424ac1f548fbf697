import type { ReactionRecordType } from "@forum/api/reactions";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { changeUserPoints } from "@library/server/users/userPoints";
import { sql } from "kysely";
import { getReactableRecord, type ReactableRecord } from "./reactionRecords";
import {
  classPermission,
  getActiveReactionType,
  isFlagType,
  listReactionTypes,
  PROMOTE_URLCODE,
  type ReactionTypeRow,
} from "./reactionTypes";
import "./reactionTables";
import "./reactionEvents";

export const SELF_FLAG_MESSAGE = "You cannot flag your own post.";

/** Promote needs curation.manage; other types their class permission (site.manage / community.moderate bypass). */
export function assertMayReact(viewer: Viewer, type: ReactionTypeRow, record: ReactableRecord): void {
  if (type.urlcode === PROMOTE_URLCODE) {
    if (!viewer.has("curation.manage")) throw new PermissionError(["curation.manage"]);
  } else {
    const permission = classPermission(type.class);
    if (!viewer.has([permission, "site.manage", "community.moderate"]))
      throw new PermissionError([permission]);
  }
  if (isFlagType(type) && record.insertUserID === viewer.userID) throw new ClientError(SELF_FLAG_MESSAGE);
}

/**
 * Locks the record's row first, so concurrent reactions to one record queue up behind this transaction (a
 * comment is below its discussion in the lock order, and nothing here locks upwards). A record deleted
 * meanwhile is a 404, and no reaction is written for it.
 */
async function lockRecord(
  trx: DbOrTx,
  dialect: Dialect,
  recordType: ReactionRecordType,
  recordID: number,
): Promise<void> {
  const row =
    recordType === "discussion"
      ? await trx
          .selectFrom("discussions")
          .select("discussionID")
          .where("discussionID", "=", recordID)
          .where("deleteLogID", "is", null)
          .$call(forUpdate(dialect))
          .executeTakeFirst()
      : await trx
          .selectFrom("comments")
          .select("commentID")
          .where("commentID", "=", recordID)
          .where("deleteLogID", "is", null)
          .$call(forUpdate(dialect))
          .executeTakeFirst();
  if (!row) throw new NotFoundError(recordType === "discussion" ? "Discussion" : "Comment");
}

/** `score` (and a discussion's `hot` = score + comments) change by the reaction values. */
async function adjustScore(
  trx: DbOrTx,
  recordType: ReactionRecordType,
  recordID: number,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  if (recordType === "discussion")
    await trx
      .updateTable("discussions")
      .set((eb) => ({ score: eb("score", "+", delta), hot: eb("hot", "+", delta) }))
      .where("discussionID", "=", recordID)
      .execute();
  else
    await trx
      .updateTable("comments")
      .set((eb) => ({ score: eb("score", "+", delta) }))
      .where("commentID", "=", recordID)
      .execute();
}

async function adjustCount(
  trx: DbOrTx,
  recordType: ReactionRecordType,
  recordID: number,
  tagID: number,
  delta: 1 | -1,
): Promise<void> {
  if (delta === 1) {
    await trx
      .insertInto("reactionCounts")
      .values({ recordType, recordID, tagID, count: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(["recordType", "recordID", "tagID"])
          .doUpdateSet({ count: sql<number>`"reactionCounts"."count" + 1` }),
      )
      .execute();
    return;
  }
  await trx
    .updateTable("reactionCounts")
    .set((eb) => ({ count: eb("count", "-", 1) }))
    .where("recordType", "=", recordType)
    .where("recordID", "=", recordID)
    .where("tagID", "=", tagID)
    .where("count", ">", 0)
    .execute();
  await trx
    .deleteFrom("reactionCounts")
    .where("recordType", "=", recordType)
    .where("recordID", "=", recordID)
    .where("tagID", "=", tagID)
    .where("count", "<=", 0)
    .execute();
}

/**
 * `POST /{recordType}s/{id}/reactions` (API.md 9): one reaction per user per record. The same type again is a
 * no-op; another type replaces the old one. Counts and score change in the same transaction.
 */
export async function reactToRecord(
  context: AppContext,
  viewer: Viewer,
  recordType: ReactionRecordType,
  recordID: number,
  urlcode: string,
): Promise<void> {
  viewer.require("session.valid");
  const record = await getReactableRecord(context, viewer, recordType, recordID);
  const type = await getActiveReactionType(context.db, urlcode);
  assertMayReact(viewer, type, record);
  const types = await listReactionTypes(context.db);
  const values = new Map(types.map((row) => [row.tagID, row.reactionValue]));
  const points = new Map(types.map((row) => [row.tagID, row.points]));
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockRecord(trx, context.dialect, recordType, recordID);
    const existing = await trx
      .selectFrom("reactions")
      .select("tagID")
      .where("recordType", "=", recordType)
      .where("recordID", "=", recordID)
      .where("userID", "=", viewer.userID)
      .executeTakeFirst();
    if (existing?.tagID === type.tagID) return;
    const dateInserted = nowIso();
    if (existing) {
      await trx
        .updateTable("reactions")
        .set({ tagID: type.tagID, dateInserted })
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .where("userID", "=", viewer.userID)
        .execute();
      await adjustCount(trx, recordType, recordID, existing.tagID, -1);
    } else {
      await trx
        .insertInto("reactions")
        .values({ recordType, recordID, userID: viewer.userID, tagID: type.tagID, dateInserted })
        .execute();
    }
    await adjustCount(trx, recordType, recordID, type.tagID, 1);
    const previousValue = existing ? (values.get(existing.tagID) ?? 0) : 0;
    await adjustScore(trx, recordType, recordID, type.reactionValue - previousValue);
    // Reactions received are the author's reputation (the type's points).
    const previousPoints = existing ? (points.get(existing.tagID) ?? 0) : 0;
    await changeUserPoints(trx, context, record.insertUserID, type.points - previousPoints);
    await context.events.emit(trx, "reaction.added", {
      recordType,
      recordID,
      recordUserID: record.insertUserID,
      userID: viewer.userID,
      tagID: type.tagID,
    });
  });
}

/**
 * `DELETE /{recordType}s/{id}/reactions[/{userID}]`: removes a user's reaction (own with session.valid, anyone's
 * with community.moderate). Nothing to remove is still a success.
 */
export async function removeReaction(
  context: AppContext,
  viewer: Viewer,
  recordType: ReactionRecordType,
  recordID: number,
  userID: number,
): Promise<void> {
  viewer.require("session.valid");
  if (userID !== viewer.userID && !viewer.has("community.moderate"))
    throw new PermissionError(["community.moderate"]);
  const record = await getReactableRecord(context, viewer, recordType, recordID);
  const types = await listReactionTypes(context.db);
  const values = new Map(types.map((row) => [row.tagID, row.reactionValue]));
  const points = new Map(types.map((row) => [row.tagID, row.points]));
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockRecord(trx, context.dialect, recordType, recordID);
    const existing = await trx
      .selectFrom("reactions")
      .select("tagID")
      .where("recordType", "=", recordType)
      .where("recordID", "=", recordID)
      .where("userID", "=", userID)
      .executeTakeFirst();
    if (!existing) return;
    await trx
      .deleteFrom("reactions")
      .where("recordType", "=", recordType)
      .where("recordID", "=", recordID)
      .where("userID", "=", userID)
      .execute();
    await adjustCount(trx, recordType, recordID, existing.tagID, -1);
    await adjustScore(trx, recordType, recordID, -(values.get(existing.tagID) ?? 0));
    await changeUserPoints(trx, context, record.insertUserID, -(points.get(existing.tagID) ?? 0));
    await context.events.emit(trx, "reaction.removed", {
      recordType,
      recordID,
      recordUserID: record.insertUserID,
      userID,
      tagID: existing.tagID,
    });
  });
}
