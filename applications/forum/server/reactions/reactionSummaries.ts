import type { ReactionRecordType, ReactionSummaryItem } from "@forum/api/reactions";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import { listReactionTypes, type ReactionTypeRow } from "./reactionTypes";
import "./reactionTables";

function summaryOf(
  types: readonly ReactionTypeRow[],
  counts: ReadonlyMap<number, number> | undefined,
  ownTagID: number | undefined,
): ReactionSummaryItem[] {
  return types.map((type) => ({
    tagID: type.tagID,
    urlcode: type.urlcode,
    name: type.name,
    class: type.class ?? "",
    count: counts?.get(type.tagID) ?? 0,
    reactionValue: type.reactionValue,
    hasReacted: ownTagID === type.tagID,
    ...(type.photoUrl ? { photoUrl: type.photoUrl } : {}),
  }));
}

/**
 * The reaction summary (API.md 2.5) of many records of one type: every active type with its stored count and
 * the viewer's own reaction. One query for the counts of the whole page, one for the viewer's reactions.
 * `activeTypes` are the active types when the caller has already read them (not read again).
 */
export async function loadReactionSummaries(
  db: DbOrTx,
  viewer: Viewer | null,
  recordType: ReactionRecordType,
  recordIDs: readonly number[],
  activeTypes?: Promise<readonly ReactionTypeRow[]>,
): Promise<Map<number, ReactionSummaryItem[]>> {
  const ids = [...new Set(recordIDs)];
  const result = new Map<number, ReactionSummaryItem[]>();
  if (ids.length === 0) return result;
  const [types, countRows, ownRows] = await Promise.all([
    activeTypes ?? listReactionTypes(db, true),
    // Both are read for every page of posts: compiled once per number of records.
    executeCompiledOnce(
      db,
      `reactionCounts:${ids.length}`,
      () =>
        db
          .selectFrom("reactionCounts")
          .select(["recordID", "tagID", "count"])
          .where("recordType", "=", recordType)
          .where("recordID", "in", ids)
          .where("count", ">", 0),
      [recordType, ...ids, 0],
    ),
    viewer && !viewer.isGuest
      ? executeCompiledOnce(
          db,
          `ownReactions:${ids.length}`,
          () =>
            db
              .selectFrom("reactions")
              .select(["recordID", "tagID"])
              .where("userID", "=", viewer.userID)
              .where("recordType", "=", recordType)
              .where("recordID", "in", ids),
          [viewer.userID, recordType, ...ids],
        )
      : Promise.resolve([]),
  ]);
  const counts = new Map<number, Map<number, number>>();
  for (const row of countRows) {
    const byTag = counts.get(row.recordID) ?? new Map<number, number>();
    byTag.set(row.tagID, Number(row.count));
    counts.set(row.recordID, byTag);
  }
  const own = new Map(ownRows.map((row) => [row.recordID, row.tagID]));
  for (const id of ids) result.set(id, summaryOf(types, counts.get(id), own.get(id)));
  return result;
}

/** The summary of one record. */
export async function loadReactionSummary(
  db: DbOrTx,
  viewer: Viewer | null,
  recordType: ReactionRecordType,
  recordID: number,
): Promise<ReactionSummaryItem[]> {
  const summaries = await loadReactionSummaries(db, viewer, recordType, [recordID]);
  return summaries.get(recordID) ?? [];
}
