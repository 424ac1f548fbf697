import type { AppContext } from "@library/server/app/appContext";
import { HttpError } from "@library/server/errors/httpErrors";
import { pluralText } from "@library/server/i18n/readerFormats";
import { formatText } from "@library/server/i18n/translate";
import { timeTag } from "@library/server/pages/dateTags";
import { html, raw, type SafeHtml } from "@library/server/pages/html";
import { siteSearch, type SiteSearchAnswer } from "@library/server/search/siteSearch";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { kbPaths } from "../../api/knowledgeUrls";
import { KB_VIEW } from "../knowledgePermissions";
import { getKnowledgeBaseRow, type KnowledgeBaseRow } from "../knowledgeBases/knowledgeBaseQueries";
import { breadcrumbsHtml, homeCrumbs, kbSearchFormHtml, KnowledgeNames } from "./knowledgeFragments";

const PAGE_SIZE = 20;

type SearchRequest = FastifyRequest<{
  Querystring: { query?: string; search?: string; page?: string; knowledgeBaseID?: string };
}>;

function resultsHtml(
  request: SearchRequest,
  query: string,
  page: number,
  answer: SiteSearchAnswer,
  base: KnowledgeBaseRow | null,
): SafeHtml {
  const { t } = request;
  if (answer.results.length === 0)
    return html`<p class="kbPage-empty">${t("No articles match your search.")}</p>`;
  const inBase = base ? `&knowledgeBaseID=${base.knowledgeBaseID}` : "";
  const link = (to: number) => `${kbPaths.search()}?query=${encodeURIComponent(query)}${inBase}&page=${to}`;
  return html`<p class="kbSearch-count">${pluralText(t("{count, plural, one {# result} other {# results}}"), answer.total, t)}</p>
    <ol class="kbSearchResults">${answer.results.map(
      (result) => html`<li class="kbSearchResult">
        <h2 class="kbSearchResult-title" dir="auto"><a href="${result.url}">${result.name}</a></h2>
        ${result.highlight ? html`<p class="kbSearchResult-excerpt" dir="auto">${raw(result.highlight)}</p>` : ""}
        <p class="kbSearchResult-meta">${result.insertUserName ? html`<span dir="auto">${result.insertUserName}</span> ` : ""}${timeTag(result.dateInserted)}</p>
      </li>`,
    )}</ol>
    <nav class="pager" aria-label="${t("Pagination")}">
      ${page > 1 ? html`<a class="pager-link" rel="prev" href="${link(page - 1)}">${t("Previous Page")}</a>` : ""}
      ${page * PAGE_SIZE < answer.total ? html`<a class="pager-link" rel="next" href="${link(page + 1)}">${t("Next Page")}</a>` : ""}
    </nav>`;
}

/** `/kb/search`: the search page's knowledge-base variant (SPEC 2), articles only, on the search add-on's index. */
export function kbSearchPage(app: FastifyInstance, context: AppContext): void {
  app.get("/kb/search", async (request: SearchRequest, reply) => {
    const { t } = request;
    request.viewer.require(KB_VIEW);
    const query = (request.query.query ?? request.query.search ?? "").slice(0, 500).trim();
    const page = Math.min(100, Math.max(1, Number.parseInt(request.query.page ?? "1", 10) || 1));
    // From a base's page: that base's articles only (API.md 15's knowledgeBaseID); an unknown base is 404.
    const baseID = Number.parseInt(request.query.knowledgeBaseID ?? "", 10);
    const base =
      Number.isInteger(baseID) && baseID > 0 ? await getKnowledgeBaseRow(context.db, baseID) : null;
    let results: SafeHtml = html``;
    const search = siteSearch(context);
    if (!search.available()) {
      results = html`<p class="kbPage-empty" role="alert">${t("Search is not available on this site.")}</p>`;
    } else if (query) {
      try {
        const answer = await search.run(request, {
          query,
          domain: "knowledgeBase",
          page,
          limit: PAGE_SIZE,
          ...(base ? { knowledgeBaseID: base.knowledgeBaseID } : {}),
        });
        if (answer) results = resultsHtml(request, query, page, answer, base);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results = html`<p class="kbPage-empty" role="alert">${error.message}</p>`;
      }
    }
    const names = base ? await KnowledgeNames.forReader() : null;
    const title = query
      ? formatText(t("Search results for {query}"), { query })
      : t("Search the knowledge base");
    const body = html`<div class="kbPage kbSearchPage">
      ${breadcrumbsHtml(t, [
        ...homeCrumbs(t),
        ...(base ? [{ name: names?.base(base) ?? base.name, url: kbPaths.base(base.urlCode) }] : []),
        { name: t("Search") },
      ])}
      <h1 class="kbPage-title" dir="auto">${
        base && names
          ? formatText(t("Search in {name}"), { name: names.base(base) })
          : t("Search the knowledge base")
      }</h1>
      ${kbSearchFormHtml(t, query, base?.knowledgeBaseID)}
      <section class="kbSearchPage-results" aria-live="polite">${results}</section>
    </div>`;
    return context.pages.send(request, reply, {
      title,
      body,
      noIndex: true,
      canonicalPath: kbPaths.search(),
    });
  });
}
