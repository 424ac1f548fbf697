import type { NavigationItem } from "@forum/api/navigation";

/** Where an item sits: its index on each level from the top (`[1, 0]` is the second item's first child). */
export type ItemPath = readonly number[];

/** Deepest nesting the server stores (a top item, its mega-menu columns, their links). */
export const MAX_NAVIGATION_DEPTH = 3;

function levelAt(items: NavigationItem[], parentPath: ItemPath): NavigationItem[] | undefined {
  let level: NavigationItem[] | undefined = items;
  for (const index of parentPath) level = level?.[index]?.children;
  return level;
}

/** A deep copy, so edits never touch the list React rendered. */
function cloneItems(items: readonly NavigationItem[]): NavigationItem[] {
  return items.map((item) => ({
    ...item,
    ...(item.roleIDs ? { roleIDs: [...item.roleIDs] } : {}),
    ...(item.children ? { children: cloneItems(item.children) } : {}),
  }));
}

/** How deep the item's subtree goes (1 for an item without children). */
function depthOf(item: NavigationItem): number {
  return 1 + Math.max(0, ...(item.children ?? []).map(depthOf));
}

export function itemAt(items: NavigationItem[], path: ItemPath): NavigationItem | undefined {
  const index = path[path.length - 1];
  return index === undefined ? undefined : levelAt(items, path.slice(0, -1))?.[index];
}

export function updateItem(
  items: readonly NavigationItem[],
  path: ItemPath,
  change: Partial<NavigationItem>,
): NavigationItem[] {
  const next = cloneItems(items);
  const item = itemAt(next, path);
  if (item) Object.assign(item, change);
  return next;
}

export function removeItem(items: readonly NavigationItem[], path: ItemPath): NavigationItem[] {
  const next = cloneItems(items);
  const level = levelAt(next, path.slice(0, -1));
  const index = path[path.length - 1];
  if (level && index !== undefined) level.splice(index, 1);
  return next;
}

/** Adds an item at the end of the top level, or of `parentPath`'s children. */
export function addItem(
  items: readonly NavigationItem[],
  item: NavigationItem,
  parentPath: ItemPath = [],
): NavigationItem[] {
  const next = cloneItems(items);
  if (parentPath.length === 0) return [...next, item];
  const parent = itemAt(next, parentPath);
  if (parent) parent.children = [...(parent.children ?? []), item];
  return next;
}

/** Swaps the item with its previous (-1) or next (1) sibling; at either end nothing moves. */
export function moveItem(
  items: readonly NavigationItem[],
  path: ItemPath,
  direction: -1 | 1,
): NavigationItem[] {
  const next = cloneItems(items);
  const level = levelAt(next, path.slice(0, -1));
  const index = path[path.length - 1];
  if (!level || index === undefined) return next;
  const target = index + direction;
  const moving = level[index];
  const other = level[target];
  if (!moving || !other) return next;
  level[index] = other;
  level[target] = moving;
  return next;
}

/** Whether the item can become the last child of its previous sibling without passing the depth limit. */
export function canNest(items: NavigationItem[], path: ItemPath): boolean {
  const index = path[path.length - 1];
  const item = itemAt(items, path);
  if (!item || index === undefined || index === 0) return false;
  return path.length + depthOf(item) <= MAX_NAVIGATION_DEPTH;
}

/** Makes the item the last child of its previous sibling. */
export function nestItem(items: readonly NavigationItem[], path: ItemPath): NavigationItem[] {
  const next = cloneItems(items);
  if (!canNest(next, path)) return next;
  const level = levelAt(next, path.slice(0, -1));
  const index = path[path.length - 1] ?? 0;
  const [item] = level?.splice(index, 1) ?? [];
  const previous = level?.[index - 1];
  if (item && previous) previous.children = [...(previous.children ?? []), item];
  return next;
}

/** Moves a child out of its parent, to just after the parent. */
export function unnestItem(items: readonly NavigationItem[], path: ItemPath): NavigationItem[] {
  const next = cloneItems(items);
  if (path.length < 2) return next;
  const parentPath = path.slice(0, -1);
  const parent = itemAt(next, parentPath);
  const index = path[path.length - 1] ?? 0;
  const [item] = parent?.children?.splice(index, 1) ?? [];
  if (parent?.children?.length === 0) delete parent.children;
  const outer = levelAt(next, parentPath.slice(0, -1));
  const parentIndex = parentPath[parentPath.length - 1] ?? 0;
  if (item && outer) outer.splice(parentIndex + 1, 0, item);
  return next;
}

/** A new item's id: unique enough among one site's items. */
export function newItemID(): string {
  return `item-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}
