import type { Db } from "@library/server/db/database";
import { sql } from "kysely";

/** Reads both dialects answer with the same SQL (the `searchDocuments` columns they share). */
export class SharedIndexQueries {
  constructor(protected readonly db: Db) {}

  async hasDocuments(recordType: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("searchDocuments")
      .select("docID")
      .where("recordType", "=", recordType)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async categoryIDs(): Promise<number[]> {
    const rows = await this.db
      .selectFrom("searchDocuments")
      .select("categoryID")
      .distinct()
      .where("categoryID", "is not", null)
      .execute();
    return rows.map((row) => row.categoryID).filter((id): id is number => id !== null);
  }

  async documentsInCategory(categoryID: number): Promise<{ recordType: string; recordID: number }[]> {
    return this.db
      .selectFrom("searchDocuments")
      .select(["recordType", "recordID"])
      .where("categoryID", "=", categoryID)
      .execute();
  }

  async newestChange(recordType: string): Promise<{ changed: string; recordID: number } | null> {
    const row = await this.db
      .selectFrom("searchDocuments")
      .select([sql<string>`coalesce("dateUpdated", "dateInserted")`.as("changed"), "recordID"])
      .where("recordType", "=", recordType)
      .orderBy(sql`coalesce("dateUpdated", "dateInserted")`, "desc")
      .orderBy("recordID", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  async moveDiscussion(discussionID: number, categoryID: number): Promise<void> {
    await this.db
      .updateTable("searchDocuments")
      .set({ categoryID })
      .where("discussionID", "=", discussionID)
      .execute();
  }
}
