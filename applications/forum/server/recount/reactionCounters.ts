import type { ReactionRecordType } from "@forum/api/reactions";
import type { CounterChange } from "@library/server/db/counterRecount";
import type { DbOrTx } from "@library/server/db/database";
import "../reactions/reactionTables";

function keyOf(row: { recordType: string; recordID: number; tagID: number }): string {
  return `${row.recordType}-${row.recordID}/${row.tagID}`;
}

/** The per-record, per-type counts of `reactionCounts`, rebuilt from the reactions: rows added, fixed or removed. */
export async function recountReactionCounts(trx: DbOrTx): Promise<CounterChange[]> {
  const real = await trx
    .selectFrom("reactions")
    .select(["recordType", "recordID", "tagID"])
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .groupBy(["recordType", "recordID", "tagID"])
    .execute();
  const stored = await trx.selectFrom("reactionCounts").selectAll().execute();
  const storedByKey = new Map(stored.map((row) => [keyOf(row), row]));
  const realKeys = new Set(real.map(keyOf));
  const changes: CounterChange[] = [];
  const where = (row: { recordType: string; recordID: number; tagID: number }) =>
    trx
      .updateTable("reactionCounts")
      .where("recordType", "=", row.recordType as ReactionRecordType)
      .where("recordID", "=", row.recordID)
      .where("tagID", "=", row.tagID);
  for (const row of real) {
    const count = Number(row.count);
    const current = storedByKey.get(keyOf(row));
    if (current?.count === count) continue;
    changes.push({
      table: "reactionCounts",
      id: keyOf(row),
      column: "count",
      from: current?.count ?? 0,
      to: count,
    });
    if (current) await where(row).set({ count }).execute();
    else
      await trx
        .insertInto("reactionCounts")
        .values({ ...row, count })
        .execute();
  }
  for (const row of stored) {
    if (realKeys.has(keyOf(row)) || row.count === 0) continue;
    changes.push({ table: "reactionCounts", id: keyOf(row), column: "count", from: row.count, to: 0 });
    await trx
      .deleteFrom("reactionCounts")
      .where("recordType", "=", row.recordType)
      .where("recordID", "=", row.recordID)
      .where("tagID", "=", row.tagID)
      .execute();
  }
  return changes;
}
