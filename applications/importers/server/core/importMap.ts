import type { Db, DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import "./importMapTable";

/**
 * The foreign-id map of one source, read through a cache. Rows written inside a batch's transaction are pending
 * until it commits (`commit`); a batch that rolls back forgets them (`rollback`), so the cache never names a
 * record that was not written.
 */
export class ImportMap {
  private readonly known = new Map<string, number>();
  private pending = new Map<string, number>();

  constructor(
    private readonly db: Db,
    readonly sourceKey: string,
  ) {}

  private static keyOf(kind: string, foreignID: string): string {
    return `${kind}\u0000${foreignID}`;
  }

  /** The local id a foreign record became, or undefined when it was not imported (yet). */
  async localID(kind: string, foreignID: string, trx: DbOrTx = this.db): Promise<number | undefined> {
    const key = ImportMap.keyOf(kind, foreignID);
    const cached = this.pending.get(key) ?? this.known.get(key);
    if (cached !== undefined) return cached;
    const row = await trx
      .selectFrom("importMap")
      .select("localID")
      .where("sourceKey", "=", this.sourceKey)
      .where("kind", "=", kind)
      .where("foreignID", "=", foreignID)
      .executeTakeFirst();
    if (row) this.known.set(key, row.localID);
    return row?.localID;
  }

  /** Records a written record, in the transaction that wrote it. */
  async add(trx: DbOrTx, kind: string, foreignID: string, localID: number): Promise<void> {
    await trx
      .insertInto("importMap")
      .values({ sourceKey: this.sourceKey, kind, foreignID, localID, dateInserted: nowIso() })
      .execute();
    this.pending.set(ImportMap.keyOf(kind, foreignID), localID);
  }

  commit(): void {
    for (const [key, localID] of this.pending) this.known.set(key, localID);
    this.pending = new Map();
  }

  rollback(): void {
    this.pending = new Map();
  }
}
