import type { Db } from "@library/server/db/database";
import { readWithoutQueue } from "@library/server/db/readWithoutQueue";
import type { Viewer } from "@library/server/permissions/viewer";

export interface SearchCategory {
  categoryID: number;
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  permissionCategoryID: number;
  isArchived: number;
}

/** The category table as search needs it (names for breadcrumbs, permission ids), read at most every 2 s. */
export class SearchCategories {
  readonly byID: ReadonlyMap<number, SearchCategory>;

  constructor(rows: readonly SearchCategory[]) {
    this.byID = new Map(rows.map((row) => [row.categoryID, row]));
  }

  /** Root first, the category itself last. */
  ancestors(categoryID: number): SearchCategory[] {
    const chain: SearchCategory[] = [];
    const seen = new Set<number>();
    let current = this.byID.get(categoryID);
    while (current && !seen.has(current.categoryID)) {
      seen.add(current.categoryID);
      chain.unshift(current);
      current = current.parentCategoryID === null ? undefined : this.byID.get(current.parentCategoryID);
    }
    return chain;
  }

  /** The category and every descendant. */
  subtreeIDs(categoryID: number): number[] {
    const ids: number[] = [];
    for (const row of this.byID.values())
      if (this.ancestors(row.categoryID).some((ancestor) => ancestor.categoryID === categoryID))
        ids.push(row.categoryID);
    return ids;
  }

  /** Whether the viewer may see the category's discussions (its own grants when custom, else inherited). */
  canView(viewer: Viewer, categoryID: number): boolean {
    const row = this.byID.get(categoryID);
    if (!row) return false;
    const permissionID = row.permissionCategoryID > 0 ? row.permissionCategoryID : categoryID;
    return viewer.has("discussions.view", { type: "category", id: permissionID });
  }

  viewableIDs(viewer: Viewer): number[] {
    return [...this.byID.keys()].filter((id) => this.canView(viewer, id));
  }
}

const CACHE_MILLISECONDS = 2000;
const cache = new WeakMap<Db, { loadedAt: number; categories: Promise<SearchCategories> }>();

export function loadSearchCategories(db: Db): Promise<SearchCategories> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.loadedAt < CACHE_MILLISECONDS) return hit.categories;
  const categories = readWithoutQueue(
    db,
    db
      .selectFrom("categories")
      .select(["categoryID", "parentCategoryID", "name", "urlcode", "permissionCategoryID", "isArchived"]),
  ).then((rows) => new SearchCategories(rows));
  cache.set(db, { loadedAt: Date.now(), categories });
  categories.catch(() => cache.delete(db));
  return categories;
}

export function categoryPath(urlcode: string): string {
  return `/categories/${encodeURIComponent(urlcode)}`;
}
