import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { toApiDate } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { excerptOf } from "@library/server/formats/renderBody";
import type { Article, ArticleListQuery, ArticleStatus } from "../../api/knowledgeApi";
import { kbPaths } from "../../api/knowledgeUrls";
import { canEditArticles, canSeeDraft, KB_VIEW } from "../knowledgePermissions";
import type { ArticleTable } from "../tables";
import "../tables";

export type ArticleRow = Omit<ArticleTable, "articleID"> & { articleID: number };

export const ARTICLE_PAGE_LIMIT = 30;

export function statusOf(value: string): ArticleStatus {
  return value === "draft" ? "draft" : "published";
}

export async function getArticleRow(db: DbOrTx, articleID: number): Promise<ArticleRow> {
  const row = await db
    .selectFrom("articles")
    .selectAll()
    .where("articleID", "=", articleID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Article");
  return row;
}

/** An article the viewer may read: 403 without knowledge.view, 404 for a draft they may not see. */
export async function viewableArticle(
  context: AppContext,
  viewer: Viewer,
  articleID: number,
): Promise<ArticleRow> {
  viewer.require(KB_VIEW);
  const row = await getArticleRow(context.db, articleID);
  if (row.status === "draft" && !canSeeDraft(viewer, row.insertUserID)) throw new NotFoundError("Article");
  return row;
}

/** Articles of a list (published unless drafts are asked for: editors see all drafts, others their own). */
export async function listArticleRows(
  db: DbOrTx,
  viewer: Viewer,
  query: ArticleListQuery,
): Promise<{ rows: ArticleRow[]; total: number }> {
  const status = query.status ?? "published";
  const limit = query.limit ?? ARTICLE_PAGE_LIMIT;
  const page = query.page ?? 1;
  let select = db.selectFrom("articles").where("status", "=", status);
  if (query.knowledgeCategoryID !== undefined)
    select = select.where("knowledgeCategoryID", "=", query.knowledgeCategoryID);
  if (query.knowledgeBaseID !== undefined)
    select = select.where("knowledgeBaseID", "=", query.knowledgeBaseID);
  if (query.discussionID !== undefined) select = select.where("discussionID", "=", query.discussionID);
  if (status === "draft" && !canEditArticles(viewer))
    select = select.where("insertUserID", "=", viewer.userID);
  const total = await select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  const rows = await select
    .selectAll()
    .orderBy("sort")
    .orderBy("articleID")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { rows, total: Number(total.count) };
}

/** The viewer's helpful votes on these articles. */
async function votesOf(
  db: DbOrTx,
  viewer: Viewer,
  articleIDs: readonly number[],
): Promise<Map<number, number>> {
  const votes = new Map<number, number>();
  if (viewer.isGuest || articleIDs.length === 0) return votes;
  const rows = await db
    .selectFrom("articleHelpfulVotes")
    .select(["articleID", "helpful"])
    .where("userID", "=", viewer.userID)
    .where("articleID", "in", articleIDs)
    .execute();
  for (const row of rows) votes.set(row.articleID, row.helpful);
  return votes;
}

export async function presentArticles(
  db: DbOrTx,
  viewer: Viewer,
  rows: readonly ArticleRow[],
): Promise<Article[]> {
  const votes = await votesOf(
    db,
    viewer,
    rows.map((row) => row.articleID),
  );
  return rows.map((row) => {
    const vote = votes.get(row.articleID);
    return {
      articleID: row.articleID,
      knowledgeBaseID: row.knowledgeBaseID,
      knowledgeCategoryID: row.knowledgeCategoryID,
      name: row.name,
      body: row.bodyHtml,
      bodyRaw: row.body,
      format: row.format,
      excerpt: excerptOf(row.bodyText, 200),
      status: statusOf(row.status),
      sort: row.sort,
      url: kbPaths.article(row.articleID, row.name),
      discussionID: row.discussionID,
      commentID: row.commentID,
      helpful: {
        yes: row.countHelpful,
        no: row.countNotHelpful,
        userVote: vote === undefined ? null : vote === 1 ? "yes" : "no",
      },
      insertUserID: row.insertUserID,
      dateInserted: toApiDate(row.dateInserted),
      updateUserID: row.updateUserID,
      dateUpdated: toApiDate(row.dateUpdated),
    };
  });
}

export async function presentArticle(db: DbOrTx, viewer: Viewer, articleID: number): Promise<Article> {
  const [article] = await presentArticles(db, viewer, [await getArticleRow(db, articleID)]);
  if (!article) throw new NotFoundError("Article");
  return article;
}
