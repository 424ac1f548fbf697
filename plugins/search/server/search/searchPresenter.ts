import type { AppContext } from "@library/server/app/appContext";
import type { Translate } from "@library/server/i18n/translate";
import { toApiDate } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { searchRecordTypes, type SearchRecordView } from "@library/server/search/searchRecordTypes";
import {
  readerContentTranslations,
  translatedProperty,
} from "@library/server/translations/readerTranslations";
import type { TranslationMap } from "@library/server/translations/translationsCache";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { SearchQuery, SearchResult } from "../../api/searchApi";
import type { SearchHit } from "../index/searchIndex";
import { markedExcerpt } from "../index/searchExcerpts";
import { categoryPath, loadSearchCategories, type SearchCategories } from "../records/searchCategories";

interface LiveHit {
  hit: SearchHit;
  view: SearchRecordView;
}

/**
 * Each hit's record as it is now, by type in one read each. A record deleted, or moved where the viewer may
 * not look, since it was indexed is left out: the index is never the last word on permissions.
 */
async function liveHits(
  context: AppContext,
  viewer: Viewer,
  hits: readonly SearchHit[],
  categories: SearchCategories,
): Promise<LiveHit[]> {
  const registry = searchRecordTypes(context);
  const views = new Map<string, Map<number, SearchRecordView>>();
  for (const recordType of new Set(hits.map((hit) => hit.recordType))) {
    const type = registry.get(recordType);
    const ids = hits.filter((hit) => hit.recordType === recordType).map((hit) => hit.recordID);
    views.set(recordType, type ? await type.view(context, viewer, ids) : new Map<number, SearchRecordView>());
  }
  const live: LiveHit[] = [];
  for (const hit of hits) {
    const view = views.get(hit.recordType)?.get(hit.recordID);
    if (!view) continue;
    const type = registry.get(hit.recordType);
    if (
      type?.visibility.kind === "category" &&
      (view.categoryID === null || !categories.canView(viewer, view.categoryID))
    )
      continue;
    live.push({ hit, view });
  }
  return live;
}

/** `collapse`: one result per discussion — the discussion itself when it is on the page, else its first comment. */
function collapseByDiscussion(hits: LiveHit[]): LiveHit[] {
  const discussions = new Set(
    hits.filter((item) => item.hit.recordType === "discussion").map((item) => item.view.recordID),
  );
  const seen = new Set<number>();
  return hits.filter((item) => {
    const discussionID = item.view.discussionID;
    if (discussionID === null) return true;
    if (item.hit.recordType !== "discussion" && discussions.has(discussionID)) return false;
    if (seen.has(discussionID)) return false;
    seen.add(discussionID);
    return true;
  });
}

function expands(query: SearchQuery, name: string): boolean {
  return Boolean(query.expand?.includes(name as never) || query.expand?.includes("all"));
}

/** Home, then the category's chain, its names in the reader's locale (content translator). */
function breadcrumbs(
  categories: SearchCategories,
  origin: string,
  categoryID: number | null,
  translations: TranslationMap | null,
  t: Translate,
) {
  const chain = categoryID === null ? [] : categories.ancestors(categoryID);
  return [
    { name: t("Home"), url: `${origin}/` },
    ...chain.map((row) => ({
      name: translatedProperty(
        translations,
        { recordType: "category", recordID: row.categoryID, propertyName: "name" },
        row.name,
      ),
      url: `${origin}${categoryPath(row.urlcode)}`,
    })),
  ];
}

/** The results of API.md 15: live names and URLs, excerpts with the matched terms marked, requested expands. */
export async function presentSearchResults(
  context: AppContext,
  viewer: Viewer,
  hits: readonly SearchHit[],
  query: SearchQuery,
  terms: readonly string[],
  origin: string,
  t: Translate,
): Promise<SearchResult[]> {
  const categories = await loadSearchCategories(context.db);
  const translations = expands(query, "breadcrumbs")
    ? ((await readerContentTranslations())?.translations ?? null)
    : null;
  let live = await liveHits(context, viewer, hits, categories);
  if (query.collapse) live = collapseByDiscussion(live);
  const withBody = query.expandBody !== false && !query.expand?.includes("-body");
  const users = expands(query, "insertUser")
    ? await loadUserFragments(
        context.db,
        live.map((item) => item.view.insertUserID),
      )
    : null;
  return live.map(({ hit, view }) => {
    const { excerpt, highlight } = markedExcerpt(hit.body, terms);
    const result: SearchResult = {
      recordType: hit.recordType,
      recordID: hit.recordID,
      type: hit.type,
      name: view.name,
      url: `${origin}${view.path}`,
      body: withBody ? view.bodyHtml : null,
      excerpt,
      highlight,
      score: view.score,
      insertUserID: view.insertUserID,
      updateUserID: view.updateUserID,
      dateInserted: toApiDate(view.dateInserted),
      dateUpdated: toApiDate(view.dateUpdated),
      labelCodes: view.labelCodes,
    };
    if (view.discussionID !== null) result.discussionID = view.discussionID;
    if (view.commentID !== null) result.commentID = view.commentID;
    if (view.categoryID !== null) result.categoryID = view.categoryID;
    if (users) result.insertUser = userFragmentOf(users, view.insertUserID);
    if (expands(query, "breadcrumbs"))
      result.breadcrumbs = breadcrumbs(categories, origin, view.categoryID, translations, t);
    return result;
  });
}
