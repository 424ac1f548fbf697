import type { CategoryTreeOrder } from "@forum/api/categories";

/** What the tree editor needs of a category (the flat list is in tree order). */
export interface TreeCategory {
  categoryID: number;
  name: string;
  parentCategoryID: number | null;
}

export type TreeOrder = CategoryTreeOrder;

function siblingsOf(categories: readonly TreeCategory[], parentID: number | null): TreeCategory[] {
  return categories.filter((category) => category.parentCategoryID === parentID);
}

/** Is `candidateID` the category itself or inside it? */
export function isWithin(
  categories: readonly TreeCategory[],
  candidateID: number,
  ancestorID: number,
): boolean {
  const byID = new Map(categories.map((category) => [category.categoryID, category]));
  for (let current = byID.get(candidateID); current;) {
    if (current.categoryID === ancestorID) return true;
    current = current.parentCategoryID === null ? undefined : byID.get(current.parentCategoryID);
  }
  return false;
}

/** The order items for a sibling group as it will be: sort = position. */
function groupOrder(parentID: number | null, ids: readonly number[]): TreeOrder {
  return ids.map((categoryID, sort) => ({ categoryID, parentCategoryID: parentID, sort }));
}

/** Moves a category to `index` among the children of `parentID`; returns what to send, or null for no change. */
function placeAt(
  categories: readonly TreeCategory[],
  categoryID: number,
  parentID: number | null,
  index: number,
): TreeOrder | null {
  const moving = categories.find((category) => category.categoryID === categoryID);
  if (!moving) return null;
  if (parentID !== null && isWithin(categories, parentID, categoryID)) return null;
  const target = siblingsOf(categories, parentID)
    .map((category) => category.categoryID)
    .filter((id) => id !== categoryID);
  const clamped = Math.max(0, Math.min(index, target.length));
  target.splice(clamped, 0, categoryID);
  const before = siblingsOf(categories, moving.parentCategoryID).map((category) => category.categoryID);
  if (moving.parentCategoryID === parentID && before.join(",") === target.join(",")) return null;
  const order = groupOrder(parentID, target);
  if (moving.parentCategoryID !== parentID)
    order.push(
      ...groupOrder(
        moving.parentCategoryID,
        before.filter((id) => id !== categoryID),
      ),
    );
  return order;
}

function position(
  categories: readonly TreeCategory[],
  categoryID: number,
): { parentID: number | null; index: number } {
  const category = categories.find((candidate) => candidate.categoryID === categoryID);
  const parentID = category?.parentCategoryID ?? null;
  const index = siblingsOf(categories, parentID).findIndex(
    (candidate) => candidate.categoryID === categoryID,
  );
  return { parentID, index };
}

export function moveUp(categories: readonly TreeCategory[], categoryID: number): TreeOrder | null {
  const { parentID, index } = position(categories, categoryID);
  return index > 0 ? placeAt(categories, categoryID, parentID, index - 1) : null;
}

export function moveDown(categories: readonly TreeCategory[], categoryID: number): TreeOrder | null {
  const { parentID, index } = position(categories, categoryID);
  return placeAt(categories, categoryID, parentID, index + 1);
}

/** Becomes the last child of the sibling above it. */
export function indent(categories: readonly TreeCategory[], categoryID: number): TreeOrder | null {
  const { parentID, index } = position(categories, categoryID);
  const above = siblingsOf(categories, parentID)[index - 1];
  if (!above) return null;
  return placeAt(categories, categoryID, above.categoryID, Number.MAX_SAFE_INTEGER);
}

/** Becomes the sibling just after its parent. */
export function outdent(categories: readonly TreeCategory[], categoryID: number): TreeOrder | null {
  const { parentID } = position(categories, categoryID);
  if (parentID === null) return null;
  const parent = position(categories, parentID);
  return placeAt(categories, categoryID, parent.parentID, parent.index + 1);
}

/** Drag and drop: before the target (as its sibling), or as its last child. */
export function dropOn(
  categories: readonly TreeCategory[],
  categoryID: number,
  targetID: number,
  asChild: boolean,
): TreeOrder | null {
  if (categoryID === targetID) return null;
  if (asChild) return placeAt(categories, categoryID, targetID, Number.MAX_SAFE_INTEGER);
  const target = position(categories, targetID);
  const current = position(categories, categoryID);
  // Taking the category out of the same group shifts the target up by one when it came before it.
  const index =
    current.parentID === target.parentID && current.index < target.index ? target.index - 1 : target.index;
  return placeAt(categories, categoryID, target.parentID, index);
}
