import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { toApiDate } from "@library/server/http/dates";
import type { KnowledgeCategory } from "../../api/knowledgeApi";
import { kbPaths } from "../../api/knowledgeUrls";
import type { KnowledgeCategoryTable } from "../tables";
import "../tables";

export type KnowledgeCategoryRow = Omit<KnowledgeCategoryTable, "knowledgeCategoryID"> & {
  knowledgeCategoryID: number;
};

/** The categories of one base (all bases without one), in tree order's parts: by sort, then name. */
export function listKnowledgeCategoryRows(
  db: DbOrTx,
  knowledgeBaseID?: number,
): Promise<KnowledgeCategoryRow[]> {
  let query = db.selectFrom("knowledgeCategories").selectAll();
  if (knowledgeBaseID !== undefined) query = query.where("knowledgeBaseID", "=", knowledgeBaseID);
  return query
    .orderBy("knowledgeBaseID")
    .orderBy("sort")
    .orderBy("name")
    .orderBy("knowledgeCategoryID")
    .execute();
}

export async function getKnowledgeCategoryRow(
  db: DbOrTx,
  knowledgeCategoryID: number,
): Promise<KnowledgeCategoryRow> {
  const row = await db
    .selectFrom("knowledgeCategories")
    .selectAll()
    .where("knowledgeCategoryID", "=", knowledgeCategoryID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Knowledge category");
  return row;
}

/** Rows in tree order (each parent before its children, siblings by sort), with their depth under the root. */
export function categoryTree(
  rows: readonly KnowledgeCategoryRow[],
): { row: KnowledgeCategoryRow; depth: number }[] {
  const children = new Map<number | null, KnowledgeCategoryRow[]>();
  for (const row of rows) children.set(row.parentID, [...(children.get(row.parentID) ?? []), row]);
  const out: { row: KnowledgeCategoryRow; depth: number }[] = [];
  const walk = (parentID: number | null, depth: number) => {
    for (const row of children.get(parentID) ?? []) {
      out.push({ row, depth });
      walk(row.knowledgeCategoryID, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export async function presentKnowledgeCategories(
  db: DbOrTx,
  rows: readonly KnowledgeCategoryRow[],
): Promise<KnowledgeCategory[]> {
  const counts = new Map<number, number>();
  const ids = rows.map((row) => row.knowledgeCategoryID);
  if (ids.length > 0) {
    const countRows = await db
      .selectFrom("articles")
      .select(["knowledgeCategoryID", (eb) => eb.fn.countAll<number>().as("count")])
      .where("knowledgeCategoryID", "in", ids)
      .where("status", "=", "published")
      .groupBy("knowledgeCategoryID")
      .execute();
    for (const row of countRows) counts.set(row.knowledgeCategoryID, Number(row.count));
  }
  const bases = new Map<number, string>();
  const baseIDs = [...new Set(rows.map((row) => row.knowledgeBaseID))];
  if (baseIDs.length > 0)
    for (const base of await db
      .selectFrom("knowledgeBases")
      .select(["knowledgeBaseID", "urlCode"])
      .where("knowledgeBaseID", "in", baseIDs)
      .execute())
      bases.set(base.knowledgeBaseID, base.urlCode);
  return rows.map((row) => ({
    knowledgeCategoryID: row.knowledgeCategoryID,
    knowledgeBaseID: row.knowledgeBaseID,
    parentID: row.parentID,
    name: row.name,
    sort: row.sort,
    countArticles: counts.get(row.knowledgeCategoryID) ?? 0,
    url: `${kbPaths.base(bases.get(row.knowledgeBaseID) ?? "")}#category-${row.knowledgeCategoryID}`,
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
  }));
}

export async function presentKnowledgeCategory(
  db: DbOrTx,
  knowledgeCategoryID: number,
): Promise<KnowledgeCategory> {
  const [category] = await presentKnowledgeCategories(db, [
    await getKnowledgeCategoryRow(db, knowledgeCategoryID),
  ]);
  if (!category) throw new NotFoundError("Knowledge category");
  return category;
}
