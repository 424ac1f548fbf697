import type { Db } from "@library/server/db/database";
import { sql } from "kysely";
import "../tables";

/** Reads both dialects answer with the same SQL (the `searchDocuments` columns they share). */
export class SharedIndexQueries {
  constructor(protected readonly db: Db) {}

  /** The index's copy of discussions' tags, replaced from the forum's (idempotent: a job may run twice). */
  async copyDiscussionTags(discussionIDs: readonly number[] | null): Promise<void> {
    if (discussionIDs === null) {
      await this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom("searchDiscussionTags").execute();
        await sql`insert into "searchDiscussionTags" ("discussionID", "tagID")
          select "discussionID", "tagID" from "tagDiscussions"`.execute(trx);
      });
      return;
    }
    const ids = [...new Set(discussionIDs)];
    for (let index = 0; index < ids.length; index += 500) {
      const chunk = ids.slice(index, index + 500);
      await this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom("tagDiscussions")
          .select(["discussionID", "tagID"])
          .where("discussionID", "in", chunk)
          .execute();
        await trx.deleteFrom("searchDiscussionTags").where("discussionID", "in", chunk).execute();
        if (rows.length > 0) await trx.insertInto("searchDiscussionTags").values(rows).execute();
      });
    }
  }

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
