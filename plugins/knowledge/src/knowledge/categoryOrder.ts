/** A help center's categories as the manager edits them (the root aside). */
export interface ManagedCategory {
  knowledgeCategoryID: number;
  parentID: number;
  name: string;
  sort: number;
  depth: number;
}

/** Tree order as the server shows it: each parent before its children, siblings by sort, name, then id. */
export function treeOrder(categories: readonly ManagedCategory[], rootCategoryID: number): ManagedCategory[] {
  const children = new Map<number, ManagedCategory[]>();
  for (const category of categories)
    children.set(category.parentID, [...(children.get(category.parentID) ?? []), category]);
  for (const list of children.values())
    list.sort(
      (a, b) =>
        a.sort - b.sort || a.name.localeCompare(b.name) || a.knowledgeCategoryID - b.knowledgeCategoryID,
    );
  const out: ManagedCategory[] = [];
  const walk = (parentID: number, depth: number) => {
    for (const category of children.get(parentID) ?? []) {
      out.push({ ...category, depth });
      walk(category.knowledgeCategoryID, depth + 1);
    }
  };
  walk(rootCategoryID, 1);
  return out;
}

/** The category's siblings (itself included) in their order. */
export function siblingsOf(
  categories: readonly ManagedCategory[],
  category: ManagedCategory,
): ManagedCategory[] {
  return categories.filter((other) => other.parentID === category.parentID);
}

/**
 * The sorts that move one item of an ordered list one place up (-1) or down (+1): every item numbered by its new
 * place, only the changed ones returned. Empty at either end.
 */
export function reorderSorts<T extends { sort: number }>(
  items: readonly T[],
  item: T,
  step: -1 | 1,
): { item: T; sort: number }[] {
  const at = items.indexOf(item);
  const to = at + step;
  if (at < 0 || to < 0 || to >= items.length) return [];
  const reordered = [...items];
  reordered.splice(at, 1);
  reordered.splice(to, 0, item);
  return reordered
    .map((entry, index) => ({ item: entry, sort: index }))
    .filter((entry) => entry.item.sort !== entry.sort);
}

/** The sorts that move a category one place among its siblings (see reorderSorts). */
export function moveSorts(
  categories: readonly ManagedCategory[],
  knowledgeCategoryID: number,
  step: -1 | 1,
): { knowledgeCategoryID: number; sort: number }[] {
  const category = categories.find((item) => item.knowledgeCategoryID === knowledgeCategoryID);
  if (!category) return [];
  return reorderSorts(siblingsOf(categories, category), category, step).map(({ item, sort }) => ({
    knowledgeCategoryID: item.knowledgeCategoryID,
    sort,
  }));
}

/** Categories a category may move under: any but itself and those under it. */
export function parentChoices(
  categories: readonly ManagedCategory[],
  knowledgeCategoryID: number,
): ManagedCategory[] {
  const inside = new Set([knowledgeCategoryID]);
  for (const category of categories)
    if (inside.has(category.parentID)) inside.add(category.knowledgeCategoryID);
  return categories.filter((category) => !inside.has(category.knowledgeCategoryID));
}
