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
  presentOnly: boolean,
): ReactionSummaryItem[] {
  if (presentOnly && counts === undefined && ownTagID === undefined) return [];
  const shown = presentOnly
    ? types.filter((type) => (counts?.get(type.tagID) ?? 0) > 0 || ownTagID === type.tagID)
    : types;
  return shown.map((type) => ({
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

/** Records by type, as a page shows them: a discussion and its comments. */
export type RecordIDsByType = Partial<Record<ReactionRecordType, readonly number[]>>;

/**
 * The reaction summaries (API.md 2.5) of the records of a page, by type: every active type with its stored count
 * and the viewer's own reaction. One query for the counts of all of them, one for the viewer's reactions,
 * whatever the number of record types. `activeTypes` are the active types when the caller has already read them
 * (not read again). `presentOnly`: only the types a record has (a count above 0, or the viewer's own), as a
 * page's reaction bars show them, instead of every active type for each record (the API's summaries).
 */
export async function loadReactionSummariesByType(
  db: DbOrTx,
  viewer: Viewer | null,
  recordIDs: RecordIDsByType,
  activeTypes?: Promise<readonly ReactionTypeRow[]>,
  presentOnly = false,
): Promise<Map<ReactionRecordType, Map<number, ReactionSummaryItem[]>>> {
  const groups = (Object.entries(recordIDs) as [ReactionRecordType, readonly number[]][])
    .map(([recordType, ids]) => ({ recordType, ids: [...new Set(ids)] }))
    .filter((group) => group.ids.length > 0);
  const result = new Map<ReactionRecordType, Map<number, ReactionSummaryItem[]>>(
    groups.map((group) => [group.recordType, new Map()]),
  );
  if (groups.length === 0) return result;
  // Both are read for every page of posts: compiled once per shape (the record types and how many of each).
  const shape = groups.map((group) => `${group.recordType}:${group.ids.length}`).join(",");
  const groupParameters = groups.flatMap((group) => [group.recordType, ...group.ids]);
  const [types, countRows, ownRows] = await Promise.all([
    activeTypes ?? listReactionTypes(db, true),
    executeCompiledOnce(
      db,
      `reactionCounts:${shape}`,
      () =>
        db
          .selectFrom("reactionCounts")
          .select(["recordType", "recordID", "tagID", "count"])
          .where((eb) =>
            eb.or(
              groups.map((group) =>
                eb.and([eb("recordType", "=", group.recordType), eb("recordID", "in", group.ids)]),
              ),
            ),
          )
          .where("count", ">", 0),
      [...groupParameters, 0],
    ),
    viewer?.hasOwnState
      ? executeCompiledOnce(
          db,
          `ownReactions:${shape}`,
          () =>
            db
              .selectFrom("reactions")
              .select(["recordType", "recordID", "tagID"])
              .where("userID", "=", viewer.userID)
              .where((eb) =>
                eb.or(
                  groups.map((group) =>
                    eb.and([eb("recordType", "=", group.recordType), eb("recordID", "in", group.ids)]),
                  ),
                ),
              ),
          [viewer.userID, ...groupParameters],
        )
      : Promise.resolve([]),
  ]);
  const keyOf = (recordType: string, recordID: number) => `${recordType}:${recordID}`;
  const counts = new Map<string, Map<number, number>>();
  for (const row of countRows) {
    const key = keyOf(row.recordType, row.recordID);
    const byTag = counts.get(key) ?? new Map<number, number>();
    byTag.set(row.tagID, Number(row.count));
    counts.set(key, byTag);
  }
  const own = new Map(ownRows.map((row) => [keyOf(row.recordType, row.recordID), row.tagID]));
  for (const group of groups) {
    const summaries = result.get(group.recordType);
    for (const id of group.ids) {
      const key = keyOf(group.recordType, id);
      summaries?.set(id, summaryOf(types, counts.get(key), own.get(key), presentOnly));
    }
  }
  return result;
}

/** The reaction summaries of many records of one type (see `loadReactionSummariesByType`). */
export async function loadReactionSummaries(
  db: DbOrTx,
  viewer: Viewer | null,
  recordType: ReactionRecordType,
  recordIDs: readonly number[],
  activeTypes?: Promise<readonly ReactionTypeRow[]>,
): Promise<Map<number, ReactionSummaryItem[]>> {
  const byType = await loadReactionSummariesByType(db, viewer, { [recordType]: recordIDs }, activeTypes);
  return byType.get(recordType) ?? new Map();
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
