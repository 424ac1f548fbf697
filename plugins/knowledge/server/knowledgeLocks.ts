import type { DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate, StaleReadError } from "@library/server/db/writeTransaction";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { ArticleRow } from "./articles/articleQueries";
import type { KnowledgeBaseRow } from "./knowledgeBases/knowledgeBaseQueries";
import "./tables";

/**
 * The add-on's lock order: knowledge base → article. A write to a base's categories or articles first locks the
 * base row (the parent), so two managers moving or deleting in one base run one after the other.
 */
export async function lockKnowledgeBase(
  trx: DbOrTx,
  dialect: Dialect,
  knowledgeBaseID: number,
): Promise<KnowledgeBaseRow> {
  const row = await trx
    .selectFrom("knowledgeBases")
    .selectAll()
    .where("knowledgeBaseID", "=", knowledgeBaseID)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Knowledge base");
  return row;
}

/**
 * An article locked after its base (and any other base the write touches: where it moves to), bases in
 * ascending id order; it moved to another base meanwhile: the transaction runs again.
 */
export async function lockArticleWithBase(
  trx: DbOrTx,
  dialect: Dialect,
  articleID: number,
  otherBaseIDs: readonly number[] = [],
): Promise<ArticleRow> {
  const first = await trx
    .selectFrom("articles")
    .select("knowledgeBaseID")
    .where("articleID", "=", articleID)
    .executeTakeFirst();
  if (!first) throw new NotFoundError("Article");
  for (const baseID of [...new Set([first.knowledgeBaseID, ...otherBaseIDs])].sort((a, b) => a - b))
    await lockKnowledgeBase(trx, dialect, baseID);
  const row = await trx
    .selectFrom("articles")
    .selectAll()
    .where("articleID", "=", articleID)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Article");
  if (row.knowledgeBaseID !== first.knowledgeBaseID) throw new StaleReadError("Article");
  return row;
}
