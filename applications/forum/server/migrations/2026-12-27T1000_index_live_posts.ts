import { sql, type Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * The list indexes of discussions and comments, read by every page of a list (and only for live rows). The
 * author indexes stay whole: a member's deletion and data export read their deleted posts too.
 */
const LIST_INDEXES: { table: string; columns: string[] }[] = [
  { table: "discussions", columns: ["dateLastComment", "discussionID"] },
  { table: "discussions", columns: ["categoryID", "dateLastComment", "discussionID"] },
  { table: "discussions", columns: ["dateInserted", "discussionID"] },
  { table: "discussions", columns: ["score", "discussionID"] },
  { table: "discussions", columns: ["hot", "discussionID"] },
  { table: "comments", columns: ["discussionID", "dateInserted", "commentID"] },
  { table: "comments", columns: ["discussionID", "score", "commentID"] },
];

const nameOf = (index: { table: string; columns: string[] }) => `${index.table}_${index.columns.join("_")}`;

/**
 * Every list reads only live rows (`deleteLogID IS NULL`): the list indexes become partial indexes over them,
 * so a page is again read from the index alone, deleted rows take no room in it, and deep pages stay fast.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of LIST_INDEXES) {
    await db.schema
      .createIndex(`${nameOf(index)}_live`)
      .on(index.table)
      .columns(index.columns)
      .where(sql.ref("deleteLogID"), "is", null)
      .execute();
    await db.schema.dropIndex(nameOf(index)).ifExists().execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of LIST_INDEXES) {
    await db.schema.createIndex(nameOf(index)).on(index.table).columns(index.columns).execute();
    await db.schema
      .dropIndex(`${nameOf(index)}_live`)
      .ifExists()
      .execute();
  }
}
