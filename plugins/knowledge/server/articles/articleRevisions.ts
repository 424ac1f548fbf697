import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { toApiDate } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { ArticleRevision } from "../../api/knowledgeApi";
import { lockArticleWithBase } from "../knowledgeLocks";
import { KB_ARTICLES_EDIT } from "../knowledgePermissions";
import type { ArticleRevisionTable } from "../tables";
import { applyArticlePatch } from "./articleCommands";
import { statusOf, viewableArticle } from "./articleQueries";

type RevisionRow = Omit<ArticleRevisionTable, "articleRevisionID"> & { articleRevisionID: number };

async function presentRevisions(db: DbOrTx, rows: readonly RevisionRow[]): Promise<ArticleRevision[]> {
  const users = await loadUserFragments(
    db,
    rows.map((row) => row.insertUserID),
  );
  return rows.map((row) => ({
    articleRevisionID: row.articleRevisionID,
    articleID: row.articleID,
    name: row.name,
    body: row.bodyHtml,
    format: row.format,
    status: statusOf(row.status),
    insertUserID: row.insertUserID,
    insertUser: userFragmentOf(users, row.insertUserID),
    dateInserted: toApiDate(row.dateInserted),
  }));
}

/** An article's revisions, newest first, with their authors (knowledge.articles.edit). */
export async function listArticleRevisions(
  context: AppContext,
  viewer: Viewer,
  articleID: number,
): Promise<ArticleRevision[]> {
  viewer.require(KB_ARTICLES_EDIT);
  await viewableArticle(context, viewer, articleID);
  const rows = await context.db
    .selectFrom("articleRevisions")
    .selectAll()
    .where("articleID", "=", articleID)
    .orderBy("articleRevisionID", "desc")
    .execute();
  return presentRevisions(context.db, rows);
}

async function getRevisionRow(db: DbOrTx, articleRevisionID: number): Promise<RevisionRow> {
  const row = await db
    .selectFrom("articleRevisions")
    .selectAll()
    .where("articleRevisionID", "=", articleRevisionID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Article revision");
  return row;
}

/** One revision (knowledge.articles.edit). */
export async function getArticleRevision(
  context: AppContext,
  viewer: Viewer,
  articleRevisionID: number,
): Promise<ArticleRevision> {
  viewer.require(KB_ARTICLES_EDIT);
  const row = await getRevisionRow(context.db, articleRevisionID);
  await viewableArticle(context, viewer, row.articleID);
  const [revision] = await presentRevisions(context.db, [row]);
  if (!revision) throw new NotFoundError("Article revision");
  return revision;
}

/**
 * Gives an article back the name and body of one of its revisions (knowledge.articles.edit), kept as a new
 * revision; its status, category and order stay. Read and written under the base's and the article's locks.
 * Returns the article's id.
 */
export async function restoreArticleRevision(
  context: AppContext,
  viewer: Viewer,
  articleRevisionID: number,
): Promise<number> {
  viewer.require(KB_ARTICLES_EDIT);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const revision = await getRevisionRow(trx, articleRevisionID);
    const article = await lockArticleWithBase(trx, context.dialect, revision.articleID);
    await applyArticlePatch(context, trx, viewer, article, {
      name: revision.name,
      body: revision.body,
      format: revision.format,
    });
    return article.articleID;
  });
}
