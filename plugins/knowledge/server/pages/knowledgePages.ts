import type { AppContext } from "@library/server/app/appContext";
import { formatNumberIn, pluralText } from "@library/server/i18n/readerFormats";
import type { Translate } from "@library/server/i18n/translate";
import { html, widget, type SafeHtml } from "@library/server/pages/html";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { kbPaths } from "../../api/knowledgeUrls";
import type { ArticleRow } from "../articles/articleQueries";
import {
  listKnowledgeBaseRows,
  presentKnowledgeBases,
  viewTypeOf,
} from "../knowledgeBases/knowledgeBaseQueries";
import { categoryTree, listKnowledgeCategoryRows } from "../knowledgeCategories/knowledgeCategoryQueries";
import { canEditArticles, KB_ARTICLES_ADD, KB_MANAGE, KB_VIEW } from "../knowledgePermissions";
import { articlePages } from "./articlePages";
import { baseArticles, baseOfSlug } from "./knowledgePageData";
import { breadcrumbsHtml, homeCrumbs, kbSearchFormHtml, KnowledgeNames } from "./knowledgeFragments";
import { kbSearchPage } from "./kbSearchPage";

type SlugRequest = FastifyRequest<{ Params: { slug: string } }>;

function articleList(rows: readonly ArticleRow[], names: KnowledgeNames, ordered: boolean): SafeHtml {
  const items = rows.map(
    (row) =>
      html`<li class="kbArticleList-item"><a href="${kbPaths.article(row.articleID, row.name)}" dir="auto">${names.article(row)}</a></li>`,
  );
  return ordered
    ? html`<ol class="kbArticleList">${items}</ol>`
    : html`<ul class="kbArticleList">${items}</ul>`;
}

function countText(t: Translate, count: number): string {
  return `${formatNumberIn(t.locale, count)} ${pluralText(t("{count, plural, one {article} other {articles}}"), count, t)}`;
}

/**
 * `/kb` (the knowledge bases), `/kb/new` (managers), `/kb/{urlCode}` (a guide's articles in order, or a help
 * center's categories with their articles) and `/kb/{urlCode}/new-article` (editors); the article pages and
 * `/kb/search` beside them.
 */
export function knowledgePages(app: FastifyInstance, context: AppContext): void {
  app.get("/kb", async (request, reply) => {
    const { t, viewer } = request;
    viewer.require(KB_VIEW);
    const names = await KnowledgeNames.forReader();
    const bases = await presentKnowledgeBases(context.db, await listKnowledgeBaseRows(context.db));
    const title = t("Knowledge Bases");
    const body = html`<div class="kbPage">
      ${breadcrumbsHtml(t, [...homeCrumbs(t).slice(0, 1), { name: title }])}
      <div class="kbPage-header"><h1 class="kbPage-title">${title}</h1>
        ${viewer.has(KB_MANAGE) ? html`<a class="button button-primary" href="${kbPaths.newBase()}">${t("New Knowledge Base")}</a>` : ""}
      </div>
      ${kbSearchFormHtml(t, "")}
      ${
        bases.length === 0
          ? html`<p class="kbPage-empty">${t("There are no knowledge bases yet.")}</p>`
          : html`<ul class="kbBaseList">${bases.map(
              (base) => html`<li class="kbBaseCard">
                <a class="kbBaseCard-name" href="${base.url}" dir="auto">${names.base(base)}</a>
                <span class="kbBaseCard-meta">${base.viewType === "guide" ? t("Guide") : t("Help Center")} · ${countText(t, base.countArticles)}</span>
                ${base.description ? html`<p class="kbBaseCard-description" dir="auto">${base.description}</p>` : ""}
              </li>`,
            )}</ul>`
      }
    </div>`;
    return context.pages.send(request, reply, { title, body, canonicalPath: kbPaths.home() });
  });

  app.get("/kb/new", async (request, reply) => {
    const { t, viewer } = request;
    viewer.require(KB_MANAGE);
    const title = t("New Knowledge Base");
    const fallback = html`<p>${t("This form needs JavaScript.")}</p>`;
    const body = html`<div class="kbPage kbEditPage">
      ${breadcrumbsHtml(t, [...homeCrumbs(t), { name: title }])}
      <h1 class="kbPage-title">${title}</h1>
      ${widget("div", "KnowledgeBaseForm", {}, fallback)}
    </div>`;
    return context.pages.send(request, reply, { title, body, noIndex: true });
  });

  kbSearchPage(app, context);
  articlePages(app, context);

  app.get("/kb/:slug", async (request: SlugRequest, reply) => {
    const { t, viewer } = request;
    viewer.require(KB_VIEW);
    const base = await baseOfSlug(context, request.params.slug);
    const names = await KnowledgeNames.forReader();
    const { published, drafts } = await baseArticles(context, request, base.knowledgeBaseID);
    const baseName = names.base(base);
    let content: SafeHtml;
    if (viewTypeOf(base.viewType) === "guide") {
      content =
        published.length === 0
          ? html`<p class="kbPage-empty">${t("This knowledge base has no articles yet.")}</p>`
          : html`<section class="kbGuide" aria-label="${t("Contents")}"><h2 class="kbSection-title">${t("Contents")}</h2>${articleList(published, names, true)}</section>`;
    } else {
      const tree = categoryTree(await listKnowledgeCategoryRows(context.db, base.knowledgeBaseID));
      const sections = tree
        .map(({ row, depth }) => ({
          row,
          depth,
          articles: published.filter((a) => a.knowledgeCategoryID === row.knowledgeCategoryID),
        }))
        .filter((section) => section.depth > 0 || section.articles.length > 0);
      content =
        published.length === 0 && sections.length === 0
          ? html`<p class="kbPage-empty">${t("This knowledge base has no articles yet.")}</p>`
          : html`<div class="kbHelpCenter">${sections.map(
              ({
                row,
                depth,
                articles,
              }) => html`<section class="kbCategory" id="category-${row.knowledgeCategoryID}" data-depth="${depth}">
              <h2 class="kbSection-title" dir="auto">${depth === 0 ? t("General") : names.category(row)}</h2>
              ${articles.length === 0 ? html`<p class="kbCategory-empty">${t("No articles in this category yet.")}</p>` : articleList(articles, names, false)}
            </section>`,
            )}</div>`;
    }
    const editor = viewer.has(KB_ARTICLES_ADD);
    const manager = viewer.has(KB_MANAGE);
    const managedCategories = manager
      ? categoryTree(await listKnowledgeCategoryRows(context.db, base.knowledgeBaseID)).flatMap(
          ({ row, depth }) =>
            row.parentID === null
              ? []
              : [
                  {
                    knowledgeCategoryID: row.knowledgeCategoryID,
                    parentID: row.parentID,
                    name: row.name,
                    sort: row.sort,
                    depth,
                  },
                ],
        )
      : [];
    const body = html`<div class="kbPage kbBasePage">
      ${breadcrumbsHtml(t, [...homeCrumbs(t), { name: baseName }])}
      <div class="kbPage-header"><h1 class="kbPage-title" dir="auto">${baseName}</h1>
        <div class="kbPage-actions">
        ${editor ? html`<a class="button button-primary" href="${kbPaths.newArticle(base.urlCode)}">${t("New Article")}</a>` : ""}
        ${
          manager
            ? widget(
                "div",
                "KnowledgeBaseOptions",
                { knowledgeBaseID: base.knowledgeBaseID, name: base.name, description: base.description },
                html``,
              )
            : ""
        }
        </div>
      </div>
      ${base.description ? html`<p class="kbPage-description" dir="auto">${base.description}</p>` : ""}
      ${kbSearchFormHtml(t, "", base.knowledgeBaseID)}
      ${content}
      ${
        drafts.length > 0
          ? html`<section class="kbDrafts"><h2 class="kbSection-title">${t("Drafts")}</h2>${articleList(drafts, names, false)}</section>`
          : ""
      }
      ${
        canEditArticles(viewer) && viewTypeOf(base.viewType) === "guide" && published.length > 1
          ? widget(
              "div",
              "KnowledgeGuideOrder",
              {
                articles: published.map((row) => ({
                  articleID: row.articleID,
                  name: row.name,
                  sort: row.sort,
                })),
              },
              html``,
            )
          : ""
      }
      ${
        manager && viewTypeOf(base.viewType) === "help"
          ? html`${managedCategories.length > 0 ? widget("div", "KnowledgeCategoryManager", { rootCategoryID: base.rootCategoryID, categories: managedCategories }, html``) : ""}
            ${widget("div", "KnowledgeCategoryForm", { knowledgeBaseID: base.knowledgeBaseID }, html``)}`
          : ""
      }
    </div>`;
    return context.pages.send(request, reply, {
      title: baseName,
      body,
      description: base.description,
      canonicalPath: kbPaths.base(base.urlCode),
    });
  });

  app.get("/kb/:slug/new-article", async (request: SlugRequest, reply) => {
    const { t, viewer } = request;
    viewer.require(KB_ARTICLES_ADD);
    const base = await baseOfSlug(context, request.params.slug);
    const title = t("New Article");
    const categories = categoryTree(await listKnowledgeCategoryRows(context.db, base.knowledgeBaseID)).map(
      ({ row, depth }) => ({
        knowledgeCategoryID: row.knowledgeCategoryID,
        name: depth === 0 ? t("General") : `${"— ".repeat(depth - 1)}${row.name}`,
      }),
    );
    const props = {
      knowledgeBaseID: base.knowledgeBaseID,
      baseUrl: kbPaths.base(base.urlCode),
      categories,
      article: null,
    };
    const body = html`<div class="kbPage kbEditPage">
      ${breadcrumbsHtml(t, [...homeCrumbs(t), { name: base.name, url: kbPaths.base(base.urlCode) }, { name: title }])}
      <h1 class="kbPage-title">${title}</h1>
      ${widget("div", "KnowledgeArticleEditor", props, html`<p>${t("This form needs JavaScript.")}</p>`)}
    </div>`;
    return context.pages.send(request, reply, { title, body, noIndex: true });
  });
}
