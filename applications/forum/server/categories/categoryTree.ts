import type { Db, DbOrTx } from "@library/server/db/database";
import { readWithoutQueue } from "@library/server/db/readWithoutQueue";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Selectable } from "kysely";
import type { CategoryTable } from "../tables";
import { readerContentTranslations } from "@library/server/translations/readerTranslations";
import { translatedCategoryRow } from "./categoryTranslations";
import type { TranslationMap } from "@library/server/translations/translationsCache";

export type CategoryRow = Selectable<CategoryTable>;

export function categoryUrl(urlcode: string): string {
  return `/categories/${encodeURIComponent(urlcode)}`;
}

function byTreeOrder(a: CategoryRow, b: CategoryRow): number {
  return a.sort - b.sort || a.name.localeCompare(b.name) || a.categoryID - b.categoryID;
}

/**
 * The whole category table in memory: categories are few and read on every list, so subtree, breadcrumb and
 * visibility questions are answered without a query.
 */
export class CategoryTree {
  readonly byID = new Map<number, CategoryRow>();
  private readonly byCode = new Map<string, CategoryRow>();
  private readonly childrenByParent = new Map<number | null, CategoryRow[]>();
  /** Every category in tree order (depth first, siblings by sort then name). */
  readonly ordered: CategoryRow[] = [];
  /** The ids of `ordered`: the categories reachable from the root. */
  private readonly orderedIDs = new Set<number>();

  constructor(rows: readonly CategoryRow[]) {
    for (const row of rows) {
      this.byID.set(row.categoryID, row);
      this.byCode.set(row.urlcode.toLowerCase(), row);
    }
    for (const row of rows) {
      const parent =
        row.parentCategoryID !== null && this.byID.has(row.parentCategoryID) ? row.parentCategoryID : null;
      const siblings = this.childrenByParent.get(parent) ?? [];
      siblings.push(row);
      this.childrenByParent.set(parent, siblings);
    }
    for (const siblings of this.childrenByParent.values()) siblings.sort(byTreeOrder);
    const visit = (parent: number | null) => {
      for (const child of this.childrenByParent.get(parent) ?? []) {
        this.ordered.push(child);
        this.orderedIDs.add(child.categoryID);
        visit(child.categoryID);
      }
    };
    visit(null);
  }

  get(categoryID: number): CategoryRow | undefined {
    return this.byID.get(categoryID);
  }

  /** Whether the category is in `ordered` (reachable from the root): what `categoryIDsWith` walks. */
  has(categoryID: number): boolean {
    return this.orderedIDs.has(categoryID);
  }

  /** By numeric id or by urlcode (case-insensitive). */
  find(idOrCode: string | number): CategoryRow | undefined {
    if (typeof idOrCode === "number") return this.byID.get(idOrCode);
    if (/^\d+$/.test(idOrCode)) return this.byID.get(Number(idOrCode)) ?? this.byCode.get(idOrCode);
    return this.byCode.get(idOrCode.toLowerCase());
  }

  findByCode(urlcode: string): CategoryRow | undefined {
    return this.byCode.get(urlcode.toLowerCase());
  }

  children(parentID: number | null): readonly CategoryRow[] {
    return this.childrenByParent.get(parentID) ?? [];
  }

  /** Root first, the category itself last. */
  ancestors(categoryID: number): CategoryRow[] {
    const chain: CategoryRow[] = [];
    let current = this.byID.get(categoryID);
    const seen = new Set<number>();
    while (current && !seen.has(current.categoryID)) {
      seen.add(current.categoryID);
      chain.unshift(current);
      current = current.parentCategoryID === null ? undefined : this.byID.get(current.parentCategoryID);
    }
    return chain;
  }

  ancestorIDs(categoryID: number): number[] {
    return this.ancestors(categoryID).map((row) => row.categoryID);
  }

  /** The category and all its descendants, in tree order. */
  subtree(categoryID: number): CategoryRow[] {
    const result: CategoryRow[] = [];
    const visit = (row: CategoryRow) => {
      result.push(row);
      for (const child of this.children(row.categoryID)) visit(child);
    };
    const root = this.byID.get(categoryID);
    if (root) visit(root);
    return result;
  }

  /** The id whose grants apply to a category: its nearest custom ancestor (or itself). */
  permissionID(categoryID: number): number {
    const row = this.byID.get(categoryID);
    return row && row.permissionCategoryID > 0 ? row.permissionCategoryID : categoryID;
  }
}

/** Every category row: what a tree is made of. */
function allCategories(db: DbOrTx) {
  return db.selectFrom("categories").selectAll();
}

export function loadCategoryTree(db: DbOrTx): Promise<CategoryTree> {
  return allCategories(db)
    .execute()
    .then((rows) => new CategoryTree(rows));
}

/** The tree is re-read at most this often by each process, and at once after a local write. */
const CACHE_MILLISECONDS = 2000;

interface CacheEntry {
  tree: CategoryTree | null;
  loadedAt: number;
  loading: Promise<CategoryTree> | null;
  generation: number;
}

const caches = new WeakMap<Db, CacheEntry>();

function entryFor(db: Db): CacheEntry {
  let entry = caches.get(db);
  if (!entry) {
    entry = { tree: null, loadedAt: 0, loading: null, generation: 0 };
    caches.set(db, entry);
  }
  return entry;
}

/**
 * The cached tree, its names and descriptions in the reader's locale (categoryTranslations.ts). A refresh reads
 * without waiting for a transaction that is open (`readWithoutQueue`): the last committed categories, never a
 * transaction's own changes; a write that needs those reads them with its transaction (`loadCategoryTree`).
 */
export async function getCategoryTree(db: Db): Promise<CategoryTree> {
  const tree = await sourceCategoryTree(db);
  const reader = await readerContentTranslations();
  return reader ? translatedTree(tree, reader.locale, reader.translations) : tree;
}

const translatedTrees = new WeakMap<
  CategoryTree,
  Map<string, { translations: TranslationMap; tree: CategoryTree }>
>();

/** The tree with translated names and descriptions: the same object while the tree and translations last. */
function translatedTree(tree: CategoryTree, locale: string, translations: TranslationMap): CategoryTree {
  const byLocale =
    translatedTrees.get(tree) ?? new Map<string, { translations: TranslationMap; tree: CategoryTree }>();
  translatedTrees.set(tree, byLocale);
  const kept = byLocale.get(locale);
  if (kept?.translations === translations) return kept.tree;
  const translated = new CategoryTree(
    [...tree.byID.values()].map((row) => translatedCategoryRow(row, translations)),
  );
  byLocale.set(locale, { translations, tree: translated });
  return translated;
}

/** The cached tree as written, whatever the reader's locale. */
export async function sourceCategoryTree(db: Db): Promise<CategoryTree> {
  const entry = entryFor(db);
  if (entry.tree && Date.now() - entry.loadedAt < CACHE_MILLISECONDS) return entry.tree;
  if (!entry.loading) {
    const generation = entry.generation;
    const startedAt = Date.now();
    entry.loading = readWithoutQueue(db, allCategories(db))
      .then((rows) => {
        const tree = new CategoryTree(rows);
        if (entry.generation === generation) {
          entry.tree = tree;
          entry.loadedAt = startedAt;
        }
        return tree;
      })
      .finally(() => {
        entry.loading = null;
      });
  }
  return entry.loading;
}

/** Call after a committed write that changes categories or their counts. */
export function invalidateCategoryTree(db: Db): void {
  const entry = entryFor(db);
  entry.generation += 1;
  entry.loadedAt = 0;
  entry.loading = null;
}

const visibleCache = new WeakMap<Viewer, { tree: CategoryTree; permission: string; ids: Set<number> }[]>();

/** Ids of the categories where the viewer holds a permission (once per viewer, tree and permission). */
export function categoryIDsWith(
  tree: CategoryTree,
  viewer: Viewer,
  permission = "discussions.view",
): ReadonlySet<number> {
  const cached = visibleCache.get(viewer) ?? [];
  const hit = cached.find((item) => item.tree === tree && item.permission === permission);
  if (hit) return hit.ids;
  const ids = new Set<number>();
  for (const row of tree.ordered) {
    if (viewer.has(permission, { type: "category", id: tree.permissionID(row.categoryID) }))
      ids.add(row.categoryID);
  }
  visibleCache.set(viewer, [
    ...cached.filter((item) => item.tree !== tree).slice(-4),
    { tree, permission, ids },
  ]);
  return ids;
}

/**
 * Whether the viewer has `permission` in this category of the tree: `categoryIDsWith(tree, viewer,
 * permission).has(categoryID)` without building the set of every category (a discussion page asks for one).
 */
export function viewerMayIn(
  tree: CategoryTree,
  viewer: Viewer,
  categoryID: number,
  permission = "discussions.view",
): boolean {
  return tree.has(categoryID) && hasCategoryPermission(tree, viewer, permission, categoryID);
}

/** A category permission check that follows the tree's inheritance. */
export function hasCategoryPermission(
  tree: CategoryTree,
  viewer: Viewer,
  permission: string | readonly string[],
  categoryID: number,
): boolean {
  return viewer.has(permission, { type: "category", id: tree.permissionID(categoryID) });
}

export function requireCategoryPermission(
  tree: CategoryTree,
  viewer: Viewer,
  permission: string | readonly string[],
  categoryID: number,
): void {
  viewer.require(permission, { type: "category", id: tree.permissionID(categoryID) });
}

/** Breadcrumbs (API.md 2.3): home first, then the category's ancestors and itself. */
export function categoryBreadcrumbs(tree: CategoryTree, categoryID: number): { name: string; url: string }[] {
  return [
    { name: "Home", url: "/" },
    ...tree.ancestors(categoryID).map((row) => ({ name: row.name, url: categoryUrl(row.urlcode) })),
  ];
}
