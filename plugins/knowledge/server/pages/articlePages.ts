import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { formatNumberIn } from "@library/server/i18n/readerFormats";
import { formatText, type Translate } from "@library/server/i18n/translate";
import { timeTag } from "@library/server/pages/dateTags";
import { html, raw, widget, type SafeHtml } from "@library/server/pages/html";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { articleIDOf, kbPaths } from "../../api/knowledgeUrls";
import { setHelpfulVote } from "../articles/articleHelpful";
import { viewableArticle, type ArticleRow } from "../articles/articleQueries";
import { getKnowledgeBaseRow, viewTypeOf } from "../knowledgeBases/knowledgeBaseQueries";
import { categoryTree, listKnowledgeCategoryRows } from "../knowledgeCategories/knowledgeCategoryQueries";
import { canEditArticles, KB_ARTICLES_ADD } from "../knowledgePermissions";
import { breadcrumbsHtml, homeCrumbs, KnowledgeNames, type FormBody } from "./knowledgeFragments";
import { baseArticles } from "./knowledgePageData";

type ArticleRequest = FastifyRequest<{ Params: { idSlug: string } }>;

async function articleOf(context: AppContext, request: ArticleRequest): Promise<ArticleRow> {
  const articleID = articleIDOf(request.params.idSlug);
  if (articleID === null) throw new NotFoundError("Article");
  return viewableArticle(context, request.viewer, articleID);
}

/** 'Was this helpful?': the counts, and Yes / No buttons for members (a form that works without script). */
async function helpfulHtml(
  context: AppContext,
  request: FastifyRequest,
  article: ArticleRow,
): Promise<SafeHtml> {
  const { t, viewer } = request;
  if (article.status !== "published") return html``;
  const vote = viewer.isGuest
    ? undefined
    : await context.db
        .selectFrom("articleHelpfulVotes")
        .select("helpful")
        .where("articleID", "=", article.articleID)
        .where("userID", "=", viewer.userID)
        .executeTakeFirst();
  const counts = formatText(t("{yes} found this helpful, {no} did not."), {
    yes: formatNumberIn(t.locale, article.countHelpful),
    no: formatNumberIn(t.locale, article.countNotHelpful),
  });
  const button = (value: "yes" | "no", label: string) =>
    html`<button type="submit" name="helpful" value="${value}" class="button kbHelpful-button" aria-pressed="${
      vote !== undefined && (vote.helpful === 1) === (value === "yes") ? "true" : "false"
    }">${label}</button>`;
  return html`<section class="kbHelpful" aria-labelledby="kb-helpful-title">
    <h2 id="kb-helpful-title" class="kbHelpful-title">${t("Was this helpful?")}</h2>
    ${
      viewer.isGuest
        ? html`<p class="kbHelpful-note"><a href="/entry/signin?Target=${encodeURIComponent(kbPaths.article(article.articleID, article.name))}">${t("Sign in to vote.")}</a></p>`
        : html`<form method="post" action="/kb/articles/${article.articleID}/helpful" class="kbHelpful-form">${button("yes", t("Yes"))} ${button("no", t("No"))}</form>`
    }
    ${vote !== undefined ? html`<p class="kbHelpful-thanks">${t("Thanks for your feedback.")}</p>` : ""}
    <p class="kbHelpful-counts">${counts}</p>
  </section>`;
}

/** A guide's previous and next articles. */
function guideNavHtml(
  t: Translate,
  names: KnowledgeNames,
  articles: readonly ArticleRow[],
  articleID: number,
) {
  const at = articles.findIndex((row) => row.articleID === articleID);
  if (at < 0) return html``;
  const previous = articles[at - 1];
  const next = articles[at + 1];
  return html`<nav class="kbGuideNav" aria-label="${t("Guide")}">
    ${previous ? html`<a class="kbGuideNav-link kbGuideNav-previous" rel="prev" href="${kbPaths.article(previous.articleID, previous.name)}"><span class="kbGuideNav-label">${t("Previous")}</span> <span dir="auto">${names.article(previous)}</span></a>` : html`<span></span>`}
    ${next ? html`<a class="kbGuideNav-link kbGuideNav-next" rel="next" href="${kbPaths.article(next.articleID, next.name)}"><span class="kbGuideNav-label">${t("Next")}</span> <span dir="auto">${names.article(next)}</span></a>` : ""}
  </nav>`;
}

/** The body in the reader's language: the translator's text when there is one, else the rendered body. */
function bodyHtml(names: KnowledgeNames, article: ArticleRow): SafeHtml {
  const translated = names.articleBody(article.articleID);
  if (translated === null) return raw(article.bodyHtml);
  return html`${translated.split(/\n{2,}/).map((paragraph) => html`<p>${paragraph}</p>`)}`;
}

/**
 * `/kb/articles/{id}-{slug}` (the article, its source discussion, 'Was this helpful?', a guide's previous and
 * next), `/kb/articles/{id}-{slug}/edit` (editors) and the helpful vote's form post.
 */
export function articlePages(app: FastifyInstance, context: AppContext): void {
  app.get("/kb/articles/:idSlug", async (request: ArticleRequest, reply) => {
    const { t, viewer } = request;
    const article = await articleOf(context, request);
    const base = await getKnowledgeBaseRow(context.db, article.knowledgeBaseID);
    const names = await KnowledgeNames.forReader();
    const category = await context.db
      .selectFrom("knowledgeCategories")
      .selectAll()
      .where("knowledgeCategoryID", "=", article.knowledgeCategoryID)
      .executeTakeFirst();
    const crumbs = [...homeCrumbs(t), { name: names.base(base), url: kbPaths.base(base.urlCode) }];
    if (category && category.parentID !== null)
      crumbs.push({
        name: names.category(category),
        url: `${kbPaths.base(base.urlCode)}#category-${category.knowledgeCategoryID}`,
      });
    const name = names.article(article);
    crumbs.push({ name });
    const source = article.discussionID
      ? await context.db
          .selectFrom("discussions")
          .select(["discussionID", "name"])
          .where("discussionID", "=", article.discussionID)
          .where("deleteLogID", "is", null)
          .executeTakeFirst()
      : undefined;
    const guide = viewTypeOf(base.viewType) === "guide" && article.status === "published";
    const canEdit = canEditArticles(viewer) || (article.status === "draft" && viewer.has(KB_ARTICLES_ADD));
    const body = html`<div class="kbPage kbArticlePage">
      ${breadcrumbsHtml(t, crumbs)}
      <article class="kbArticle">
        <header class="kbArticle-header">
          <h1 class="kbPage-title" dir="auto">${name}</h1>
          <p class="kbArticle-meta">
            ${article.status === "draft" ? html`<span class="metaBadge">${t("Draft")}</span>` : ""}
            ${t("Updated")} ${timeTag(article.dateUpdated ?? article.dateInserted)}
            ${canEdit ? html`<a class="button kbArticle-edit" href="${kbPaths.editArticle(article.articleID, article.name)}">${t("Edit")}</a>` : ""}
            ${
              canEditArticles(viewer)
                ? widget(
                    "span",
                    "KnowledgeArticleOptions",
                    { articleID: article.articleID, name: article.name, baseUrl: kbPaths.base(base.urlCode) },
                    html``,
                  )
                : ""
            }
          </p>
        </header>
        <div class="kbArticle-body userContent" dir="auto">${bodyHtml(names, article)}</div>
        ${source ? html`<p class="kbArticle-source">${t("From the discussion")} <a href="/discussion/${source.discussionID}" dir="auto">${source.name}</a></p>` : ""}
      </article>
      ${guide ? guideNavHtml(t, names, (await baseArticles(context, request, base.knowledgeBaseID)).published, article.articleID) : ""}
      ${await helpfulHtml(context, request, article)}
    </div>`;
    return context.pages.send(request, reply, {
      title: name,
      body,
      description: article.bodyText.slice(0, 200),
      canonicalPath: kbPaths.article(article.articleID, article.name),
      noIndex: article.status === "draft",
    });
  });

  app.get("/kb/articles/:idSlug/edit", async (request: ArticleRequest, reply) => {
    const { t } = request;
    request.viewer.require(KB_ARTICLES_ADD);
    const article = await articleOf(context, request);
    const base = await getKnowledgeBaseRow(context.db, article.knowledgeBaseID);
    const categories = categoryTree(await listKnowledgeCategoryRows(context.db, base.knowledgeBaseID)).map(
      ({ row, depth }) => ({
        knowledgeCategoryID: row.knowledgeCategoryID,
        name: depth === 0 ? t("General") : `${"— ".repeat(depth - 1)}${row.name}`,
      }),
    );
    const title = t("Edit Article");
    const props = {
      knowledgeBaseID: base.knowledgeBaseID,
      baseUrl: kbPaths.base(base.urlCode),
      categories,
      article: {
        articleID: article.articleID,
        knowledgeCategoryID: article.knowledgeCategoryID,
        name: article.name,
        bodyRaw: article.body,
        format: article.format,
        status: article.status === "draft" ? ("draft" as const) : ("published" as const),
        sort: article.sort,
      },
    };
    const body = html`<div class="kbPage kbEditPage">
      ${breadcrumbsHtml(t, [
        ...homeCrumbs(t),
        { name: base.name, url: kbPaths.base(base.urlCode) },
        { name: article.name, url: kbPaths.article(article.articleID, article.name) },
        { name: title },
      ])}
      <h1 class="kbPage-title">${title}</h1>
      ${widget("div", "KnowledgeArticleEditor", props, html`<p>${t("This form needs JavaScript.")}</p>`)}
    </div>`;
    return context.pages.send(request, reply, { title, body, noIndex: true });
  });

  app.post(
    "/kb/articles/:articleID/helpful",
    async (request: FastifyRequest<{ Params: { articleID: string }; Body: FormBody }>, reply) => {
      checkFormOrigin(request, context.config.siteUrl);
      const articleID = Number(request.params.articleID);
      if (!Number.isInteger(articleID) || articleID < 1) throw new NotFoundError("Article");
      const article = await viewableArticle(context, request.viewer, articleID);
      await setHelpfulVote(context, request.viewer, articleID, request.body?.helpful === "no" ? "no" : "yes");
      return reply.redirect(`${kbPaths.article(article.articleID, article.name)}#kb-helpful-title`, 303);
    },
  );
}
