import type { AppContext } from "@library/server/app/appContext";
import type { Database, DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { isBodyFormat, renderBody, validateBody } from "@library/server/formats/renderBody";
import { PermissionError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Transaction } from "kysely";
import type { ArticlePatch, ArticlePost } from "../../api/knowledgeApi";
import { canEditArticles, KB_ARTICLES_ADD, KB_ARTICLES_EDIT } from "../knowledgePermissions";
import { lockArticleWithBase, lockKnowledgeBase } from "../knowledgeLocks";
import { articlesChanged, articlesRemoved } from "../knowledgeRecords";
import { getArticleRow, type ArticleRow } from "./articleQueries";

/** SPEC-free limit of ours: an article may be long (a guide's chapter). */
export const ARTICLE_MAX_LENGTH = 100000;

interface ArticleContent {
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyText: string;
}

/** The name and body as stored, rendered once with the posts' renderer and sanitiser; 422 on a bad one. */
function contentOf(name: string, body: string, format: string): ArticleContent {
  const errors = validateBody(format, body, { maxLength: ARTICLE_MAX_LENGTH });
  if (name.trim() === "")
    errors.unshift({ field: "name", code: "required", message: "name is required.", status: 422 });
  if (errors.length > 0) throw new ValidationError(errors);
  if (!isBodyFormat(format)) throw ValidationError.field("format", "Unknown format.", "enum");
  const rendered = renderBody(format, body);
  return { name: name.trim(), body, format, bodyHtml: rendered.html, bodyText: rendered.text };
}

/** The category an article goes in, with its base; 422 when there is none. */
async function categoryFor(trx: DbOrTx, knowledgeCategoryID: number) {
  const category = await trx
    .selectFrom("knowledgeCategories")
    .select(["knowledgeCategoryID", "knowledgeBaseID"])
    .where("knowledgeCategoryID", "=", knowledgeCategoryID)
    .executeTakeFirst();
  if (!category)
    throw ValidationError.field("knowledgeCategoryID", "No knowledge category has this id.", "invalid");
  return category;
}

async function writeRevision(trx: Transaction<Database>, row: ArticleRow, userID: number): Promise<void> {
  await trx
    .insertInto("articleRevisions")
    .values({
      articleID: row.articleID,
      name: row.name,
      body: row.body,
      format: row.format,
      bodyHtml: row.bodyHtml,
      status: row.status,
      insertUserID: userID,
      dateInserted: nowIso(),
    })
    .execute();
}

export interface ArticleSource {
  discussionID: number | null;
  commentID: number | null;
}

/**
 * A new article (knowledge.articles.add), published or a draft, with its first revision. `source` links it to the
 * discussion (or comment) it was made from. Returns its id.
 */
export async function createArticle(
  context: AppContext,
  viewer: Viewer,
  body: ArticlePost,
  source: ArticleSource = { discussionID: null, commentID: null },
): Promise<number> {
  viewer.require(KB_ARTICLES_ADD);
  const content = contentOf(body.name, body.body, body.format ?? "rich2");
  return writeTransaction(context.db, context.dialect, async (trx) => {
    // Under its base's lock, so the category cannot be deleted meanwhile.
    await lockKnowledgeBase(
      trx,
      context.dialect,
      (await categoryFor(trx, body.knowledgeCategoryID)).knowledgeBaseID,
    );
    const category = await categoryFor(trx, body.knowledgeCategoryID);
    const now = nowIso();
    const inserted = await trx
      .insertInto("articles")
      .values({
        ...content,
        knowledgeBaseID: category.knowledgeBaseID,
        knowledgeCategoryID: category.knowledgeCategoryID,
        status: body.status ?? "published",
        sort: body.sort ?? 0,
        discussionID: source.discussionID,
        commentID: source.commentID,
        countHelpful: 0,
        countNotHelpful: 0,
        insertUserID: viewer.userID,
        dateInserted: now,
        updateUserID: null,
        dateUpdated: null,
      })
      .returning("articleID")
      .executeTakeFirstOrThrow();
    await writeRevision(trx, await getArticleRow(trx, inserted.articleID), viewer.userID);
    await articlesChanged(context, trx, [inserted.articleID]);
    return inserted.articleID;
  });
}

/** Who may change an article: editors, and the author of a draft while it is one. */
function requireEditable(viewer: Viewer, row: ArticleRow): void {
  if (canEditArticles(viewer)) return;
  if (
    row.status === "draft" &&
    !viewer.isGuest &&
    viewer.userID === row.insertUserID &&
    viewer.has(KB_ARTICLES_ADD)
  )
    return;
  throw new PermissionError([KB_ARTICLES_EDIT]);
}

/**
 * Inside a write, on the locked row: changes an article; a change of name, body or status is kept as a
 * revision.
 */
export async function applyArticlePatch(
  context: AppContext,
  trx: Transaction<Database>,
  viewer: Viewer,
  row: ArticleRow,
  body: ArticlePatch,
): Promise<void> {
  requireEditable(viewer, row);
  const content = contentOf(body.name ?? row.name, body.body ?? row.body, body.format ?? row.format);
  const category =
    body.knowledgeCategoryID === undefined ? null : await categoryFor(trx, body.knowledgeCategoryID);
  const next: ArticleRow = {
    ...row,
    ...content,
    status: body.status ?? row.status,
    sort: body.sort ?? row.sort,
    knowledgeCategoryID: category?.knowledgeCategoryID ?? row.knowledgeCategoryID,
    knowledgeBaseID: category?.knowledgeBaseID ?? row.knowledgeBaseID,
    updateUserID: viewer.userID,
    dateUpdated: nowIso(),
  };
  const { articleID, ...values } = next;
  await trx.updateTable("articles").set(values).where("articleID", "=", articleID).execute();
  if (
    next.name !== row.name ||
    next.body !== row.body ||
    next.format !== row.format ||
    next.status !== row.status
  )
    await writeRevision(trx, next, viewer.userID);
  await articlesChanged(context, trx, [articleID]);
}

/** Changes an article (see applyArticlePatch). */
export async function patchArticle(
  context: AppContext,
  viewer: Viewer,
  articleID: number,
  body: ArticlePatch,
): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    // Its base, and the base it moves to, locked first: neither category can be deleted meanwhile.
    const target =
      body.knowledgeCategoryID === undefined ? null : await categoryFor(trx, body.knowledgeCategoryID);
    const row = await lockArticleWithBase(
      trx,
      context.dialect,
      articleID,
      target ? [target.knowledgeBaseID] : [],
    );
    await applyArticlePatch(context, trx, viewer, row, body);
  });
}

/** Deletes an article with its revisions and votes, under its base's lock. */
export async function deleteArticle(context: AppContext, viewer: Viewer, articleID: number): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await lockArticleWithBase(trx, context.dialect, articleID);
    requireEditable(viewer, row);
    await trx.deleteFrom("articleHelpfulVotes").where("articleID", "=", articleID).execute();
    await trx.deleteFrom("articleRevisions").where("articleID", "=", articleID).execute();
    await trx.deleteFrom("articles").where("articleID", "=", articleID).execute();
    await articlesRemoved(context, trx, [articleID]);
  });
}
