import type { TestApp } from "@library/server/testing/testApp";
import { sql } from "kysely";
import type { ImportSource } from "../core/importSource";

/** The tables an import writes rows in, counted and compared by the importers' tests. */
export const IMPORTED_TABLES = [
  "categories",
  "users",
  "discussions",
  "comments",
  "tags",
  "tagDiscussions",
  "reactions",
] as const;
export type ImportedTable = (typeof IMPORTED_TABLES)[number];

export async function countOf(app: TestApp, table: string): Promise<number> {
  const result = await sql<{ count: number }>`select count(*) as "count" from ${sql.table(table)}`.execute(
    app.context.db,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** The rows in each of the imported tables. */
export async function counts(app: TestApp): Promise<Record<ImportedTable, number>> {
  const entries = await Promise.all(
    IMPORTED_TABLES.map(async (table) => [table, await countOf(app, table)] as const),
  );
  return Object.fromEntries(entries) as Record<ImportedTable, number>;
}

/**
 * Every row of the tables an import writes (with the grants, uploads and job queue), to show that a second run
 * changed nothing.
 */
export async function snapshot(app: TestApp): Promise<string> {
  const tables = [...IMPORTED_TABLES, "reactionCounts", "importMap", "userRoles", "media", "jobs"];
  const rows = await Promise.all(
    tables.map((table) => sql`select * from ${sql.table(table)}`.execute(app.context.db)),
  );
  return JSON.stringify(rows.map((result) => result.rows.map((row) => JSON.stringify(row)).sort()));
}

/** An `io` that keeps what a command writes, for the test to read. */
export function quietIO() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out: (text: string) => out.push(text),
    err: (text: string) => err.push(text),
    lines: { out, err },
  };
}

/** The source, stopping the run (as Ctrl-C does) once `after` records were read. */
export function abortingAfter(
  source: ImportSource,
  after: number,
  controller: AbortController,
): ImportSource {
  let read = 0;
  const wrap = <T>(list: (...args: Parameters<ImportSource["users"]>) => AsyncIterable<T>) =>
    async function* (...args: Parameters<ImportSource["users"]>) {
      for await (const record of list(...args)) {
        read += 1;
        if (read === after) controller.abort();
        yield record;
      }
    };
  return {
    label: source.label,
    key: source.key,
    categories: wrap(source.categories.bind(source)),
    users: wrap(source.users.bind(source)),
    discussions: wrap(source.discussions.bind(source)),
    comments: wrap(source.comments.bind(source)),
    reactions: wrap(source.reactions.bind(source)),
    close: () => source.close(),
  };
}
