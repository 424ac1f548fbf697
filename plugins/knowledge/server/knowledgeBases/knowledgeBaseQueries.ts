import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { toApiDate } from "@library/server/http/dates";
import type { KnowledgeBase, KnowledgeBaseViewType } from "../../api/knowledgeApi";
import { kbPaths } from "../../api/knowledgeUrls";
import type { KnowledgeBaseTable } from "../tables";
import "../tables";

export type KnowledgeBaseRow = Omit<KnowledgeBaseTable, "knowledgeBaseID"> & { knowledgeBaseID: number };

/** Every knowledge base, by name. */
export function listKnowledgeBaseRows(db: DbOrTx): Promise<KnowledgeBaseRow[]> {
  return db.selectFrom("knowledgeBases").selectAll().orderBy("name").orderBy("knowledgeBaseID").execute();
}

export async function getKnowledgeBaseRow(db: DbOrTx, knowledgeBaseID: number): Promise<KnowledgeBaseRow> {
  const row = await db
    .selectFrom("knowledgeBases")
    .selectAll()
    .where("knowledgeBaseID", "=", knowledgeBaseID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Knowledge base");
  return row;
}

export async function findKnowledgeBaseByUrlCode(
  db: DbOrTx,
  urlCode: string,
): Promise<KnowledgeBaseRow | null> {
  return (
    (await db.selectFrom("knowledgeBases").selectAll().where("urlCode", "=", urlCode).executeTakeFirst()) ??
    null
  );
}

/** Published articles and categories (the root one aside) of each base, one query each. */
async function countsOf(db: DbOrTx, ids: readonly number[]) {
  const articles = new Map<number, number>();
  const categories = new Map<number, number>();
  if (ids.length === 0) return { articles, categories };
  const articleRows = await db
    .selectFrom("articles")
    .select(["knowledgeBaseID", (eb) => eb.fn.countAll<number>().as("count")])
    .where("knowledgeBaseID", "in", ids)
    .where("status", "=", "published")
    .groupBy("knowledgeBaseID")
    .execute();
  for (const row of articleRows) articles.set(row.knowledgeBaseID, Number(row.count));
  const categoryRows = await db
    .selectFrom("knowledgeCategories")
    .select(["knowledgeBaseID", (eb) => eb.fn.countAll<number>().as("count")])
    .where("knowledgeBaseID", "in", ids)
    .where("parentID", "is not", null)
    .groupBy("knowledgeBaseID")
    .execute();
  for (const row of categoryRows) categories.set(row.knowledgeBaseID, Number(row.count));
  return { articles, categories };
}

export function viewTypeOf(value: string): KnowledgeBaseViewType {
  return value === "guide" ? "guide" : "help";
}

/** The API shape of bases (counts read once for all). */
export async function presentKnowledgeBases(
  db: DbOrTx,
  rows: readonly KnowledgeBaseRow[],
): Promise<KnowledgeBase[]> {
  const counts = await countsOf(
    db,
    rows.map((row) => row.knowledgeBaseID),
  );
  return rows.map((row) => ({
    knowledgeBaseID: row.knowledgeBaseID,
    name: row.name,
    description: row.description,
    urlCode: row.urlCode,
    viewType: viewTypeOf(row.viewType),
    rootCategoryID: row.rootCategoryID,
    countArticles: counts.articles.get(row.knowledgeBaseID) ?? 0,
    countCategories: counts.categories.get(row.knowledgeBaseID) ?? 0,
    url: kbPaths.base(row.urlCode),
    insertUserID: row.insertUserID,
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
  }));
}

export async function presentKnowledgeBase(db: DbOrTx, knowledgeBaseID: number): Promise<KnowledgeBase> {
  const [base] = await presentKnowledgeBases(db, [await getKnowledgeBaseRow(db, knowledgeBaseID)]);
  if (!base) throw new NotFoundError("Knowledge base");
  return base;
}
