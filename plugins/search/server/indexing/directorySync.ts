import type { AppContext } from "@library/server/app/appContext";
import { sql } from "kysely";
import { searchRecordTypes } from "@library/server/search/searchRecordTypes";
import { rebuildSearchIndex } from "./rebuildSearchIndex";
import { indexRecords, reindexDiscussion, searchIndexOf } from "./searchIndexing";

const BATCH = 500;

/** A table's rows changed (inserted or updated) after a point, in change order (keyset paging). */
async function changedSince(
  context: AppContext,
  table: "users" | "categories",
  after: { changed: string; recordID: number } | null,
): Promise<{ id: number; changed: string }[]> {
  const idColumn = table === "users" ? "userID" : "categoryID";
  const changed = sql<string>`coalesce("dateUpdated", "dateInserted")`;
  const rows = await sql<{ id: number; changed: string }>`
    select ${sql.ref(idColumn)} as "id", ${changed} as "changed" from ${sql.table(table)}
    ${
      after === null
        ? sql``
        : sql`where ${changed} > ${after.changed} or (${changed} = ${after.changed} and ${sql.ref(idColumn)} > ${after.recordID})`
    }
    order by ${changed}, ${sql.ref(idColumn)} limit ${BATCH}`.execute(context.db);
  return rows.rows;
}

/**
 * The first run on a site (the add-on newly enabled, or a database filled without events): each record type
 * with records but no document is indexed whole.
 */
async function buildMissingTypes(context: AppContext): Promise<void> {
  const index = searchIndexOf(context);
  const missing = new Set<string>();
  for (const type of searchRecordTypes(context).active()) {
    if (await index.hasDocuments(type.recordType)) continue;
    if ((await type.listIDs(context.db, 0, 1)).length > 0) missing.add(type.recordType);
  }
  if (missing.size > 0) await rebuildSearchIndex(context, undefined, (type) => missing.has(type.recordType));
}

/**
 * Members and categories change through many paths (registration, profile edits, the dashboard, the command
 * line): rather than an event from each, this job compares their change dates with the index's. Categories
 * that no longer exist take their discussions' documents with them: those are re-read (moved or gone).
 */
export async function syncDirectoryRecords(context: AppContext): Promise<void> {
  const index = searchIndexOf(context);
  await buildMissingTypes(context);
  for (const [table, recordType] of [
    ["users", "user"],
    ["categories", "category"],
  ] as const) {
    let after = await index.newestChange(recordType);
    for (;;) {
      const rows = await changedSince(context, table, after);
      await indexRecords(
        context,
        recordType,
        rows.map((row) => row.id),
      );
      const last = rows[rows.length - 1];
      if (!last || rows.length < BATCH) break;
      after = { changed: last.changed, recordID: last.id };
    }
  }
  const existing = new Set(
    (await context.db.selectFrom("categories").select("categoryID").execute()).map((row) => row.categoryID),
  );
  for (const categoryID of await index.categoryIDs()) {
    if (existing.has(categoryID)) continue;
    const documents = await index.documentsInCategory(categoryID);
    await index.remove(
      "category",
      documents.filter((document) => document.recordType === "category").map((document) => document.recordID),
    );
    const discussionIDs = new Set<number>();
    for (const document of documents)
      if (document.recordType === "discussion") discussionIDs.add(document.recordID);
    for (const discussionID of discussionIDs) await reindexDiscussion(context, discussionID);
    const comments = documents.filter((document) => document.recordType === "comment");
    await indexRecords(
      context,
      "comment",
      comments.map((document) => document.recordID),
    );
  }
}
