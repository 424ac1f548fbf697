import type { NavigationItem } from "@forum/api/navigation";
import { addItem, canNest, moveItem, nestItem, removeItem, unnestItem, updateItem } from "./navigationTree";

const item = (id: string, children?: NavigationItem[]): NavigationItem => ({
  id,
  name: id,
  url: `/${id}`,
  ...(children ? { children } : {}),
});
const ids = (items: NavigationItem[]): unknown =>
  items.map((entry) => (entry.children ? [entry.id, ids(entry.children)] : entry.id));

describe("navigationTree", () => {
  const items = [item("a"), item("b", [item("b1"), item("b2")]), item("c")];

  it("moves an item among its siblings and not past either end", () => {
    expect(ids(moveItem(items, [0], 1))).toEqual([["b", ["b1", "b2"]], "a", "c"]);
    expect(ids(moveItem(items, [1, 1], -1))).toEqual(["a", ["b", ["b2", "b1"]], "c"]);
    expect(ids(moveItem(items, [2], 1))).toEqual(ids(items));
    expect(ids(items)).toEqual(["a", ["b", ["b1", "b2"]], "c"]);
  });

  it("nests under the previous sibling within three levels and takes it back out after its parent", () => {
    const nested = nestItem(items, [2]);
    expect(ids(nested)).toEqual(["a", ["b", ["b1", "b2", "c"]]]);
    expect(canNest(items, [0])).toBe(false);
    expect(canNest(nested, [1, 1])).toBe(true);
    const deeper = nestItem(nested, [1, 1]);
    expect(ids(deeper)).toEqual(["a", ["b", [["b1", ["b2"]], "c"]]]);
    // A third-level item cannot go one deeper.
    expect(canNest(addItem(deeper, item("x"), [1, 0]), [1, 0, 1])).toBe(false);
    expect(ids(unnestItem(deeper, [1, 0, 0]))).toEqual(["a", ["b", ["b1", "b2", "c"]]]);
    expect(ids(unnestItem(nested, [1, 2]))).toEqual(["a", ["b", ["b1", "b2"]], "c"]);
  });

  it("adds, changes and removes items without touching the list it was given", () => {
    const added = addItem(items, item("b3"), [1]);
    expect(ids(added)).toEqual(["a", ["b", ["b1", "b2", "b3"]], "c"]);
    const renamed = updateItem(added, [1, 2], { name: "Third", isHidden: true });
    expect(renamed[1]?.children?.[2]).toMatchObject({ name: "Third", isHidden: true });
    expect(ids(removeItem(renamed, [1]))).toEqual(["a", "c"]);
    expect(ids(items)).toEqual(["a", ["b", ["b1", "b2"]], "c"]);
  });
});
