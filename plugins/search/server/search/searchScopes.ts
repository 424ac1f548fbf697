import type { AppContext } from "@library/server/app/appContext";
import { ValidationError } from "@library/server/errors/httpErrors";
import { siteSections } from "@library/server/http/siteSections";
import type { Viewer } from "@library/server/permissions/viewer";
import { searchRecordTypes, type SearchRecordType } from "@library/server/search/searchRecordTypes";
import type { SearchQuery } from "../../api/searchApi";
import type { SearchScope } from "../index/searchIndex";
import { loadSearchCategories } from "../records/searchCategories";

/** The domain names the client sends (SPEC 2) and the record types' own domain names. */
const DOMAIN_ALIASES: Record<string, string> = { discussions: "all_content", members: "user" };

/** The record types a query covers: `recordTypes` when given, else those of the domain (default all_content). */
export function recordTypesOf(context: AppContext, query: SearchQuery): SearchRecordType[] {
  const active = searchRecordTypes(context).active();
  if (query.recordTypes?.length) {
    const known = new Set(active.map((type) => type.recordType));
    const unknown = query.recordTypes.filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw ValidationError.field(
        "recordTypes",
        `recordTypes must be among ${[...known].join(", ")}.`,
        "enum",
      );
    return active.filter((type) => query.recordTypes?.includes(type.recordType));
  }
  const domain = query.domain ?? "all_content";
  const wanted = DOMAIN_ALIASES[domain] ?? domain;
  return active.filter((type) => type.domain === wanted);
}

/** True when the query names a category, a followed-category scope or other category-only filters. */
function hasCategoryFilter(query: SearchQuery): boolean {
  return Boolean(query.categoryID?.length || query.followedCategories);
}

async function followedCategoryIDs(context: AppContext, viewer: Viewer): Promise<number[]> {
  if (viewer.isGuest) return [];
  const rows = await context.db
    .selectFrom("userCategories")
    .select("categoryID")
    .where("userID", "=", viewer.userID)
    .where("followed", "=", 1)
    .execute();
  return rows.map((row) => row.categoryID);
}

/**
 * The categories a query may return results from: those the viewer may see, narrowed by `categoryID` (with
 * subcategories on `includeChildCategories`) and `followedCategories`; archived categories only when asked for
 * or named.
 */
async function allowedCategoryIDs(
  context: AppContext,
  viewer: Viewer,
  query: SearchQuery,
): Promise<number[]> {
  const categories = await loadSearchCategories(context.db);
  let ids = new Set(categories.viewableIDs(viewer));
  if (query.categoryID?.length) {
    const named = new Set<number>();
    for (const categoryID of query.categoryID)
      for (const id of query.includeChildCategories ? categories.subtreeIDs(categoryID) : [categoryID])
        named.add(id);
    ids = new Set([...ids].filter((id) => named.has(id)));
  } else if (!query.includeArchivedCategories) {
    ids = new Set([...ids].filter((id) => categories.byID.get(id)?.isArchived !== 1));
  }
  // A site section's search covers its category subtree (the add-on that serves sections names its root).
  const rootCategoryID = query.siteSectionID
    ? siteSections(context).byID(query.siteSectionID)?.rootCategoryID
    : null;
  if (rootCategoryID) {
    const subtree = new Set(categories.subtreeIDs(rootCategoryID));
    ids = new Set([...ids].filter((id) => subtree.has(id)));
  }
  if (query.followedCategories) {
    const followed = new Set(await followedCategoryIDs(context, viewer));
    ids = new Set([...ids].filter((id) => followed.has(id)));
  }
  return [...ids];
}

/**
 * Where the viewer may find results: category-scoped types in the categories above, the others (members) when
 * the viewer holds their permission and no category filter applies. Nothing else reaches the index.
 */
export async function searchScopesFor(
  context: AppContext,
  viewer: Viewer,
  query: SearchQuery,
  types: readonly SearchRecordType[],
): Promise<SearchScope[]> {
  const scopes: SearchScope[] = [];
  const byCategory = types
    .filter((type) => type.visibility.kind === "category")
    .map((type) => type.recordType);
  if (byCategory.length > 0)
    scopes.push({ recordTypes: byCategory, categoryIDs: await allowedCategoryIDs(context, viewer, query) });
  if (!hasCategoryFilter(query)) {
    const global = types.filter(
      (type) => type.visibility.kind === "permission" && viewer.has(type.visibility.permission),
    );
    const open: string[] = [];
    for (const type of global) {
      // A type's own filters (API.md 15: knowledgeBaseID for articles) narrow it to the records they leave.
      const records = type.narrow?.(context.db, query) ?? null;
      if (records === null) open.push(type.recordType);
      else scopes.push({ recordTypes: [type.recordType], categoryIDs: null, records });
    }
    if (open.length > 0) scopes.push({ recordTypes: open, categoryIDs: null });
  }
  return scopes;
}
