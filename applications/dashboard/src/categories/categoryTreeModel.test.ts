import { dropOn, indent, moveDown, moveUp, outdent, type TreeCategory } from "./categoryTreeModel";

// A(1) [ A1(4) A2(5) ], B(2), C(3)
const TREE: TreeCategory[] = [
  { categoryID: 1, name: "A", parentCategoryID: null },
  { categoryID: 4, name: "A1", parentCategoryID: 1 },
  { categoryID: 5, name: "A2", parentCategoryID: 1 },
  { categoryID: 2, name: "B", parentCategoryID: null },
  { categoryID: 3, name: "C", parentCategoryID: null },
];

describe("category tree moves", () => {
  it("moves among siblings, renumbering the group, and does nothing at the ends", () => {
    expect(moveUp(TREE, 2)).toEqual([
      { categoryID: 2, parentCategoryID: null, sort: 0 },
      { categoryID: 1, parentCategoryID: null, sort: 1 },
      { categoryID: 3, parentCategoryID: null, sort: 2 },
    ]);
    expect(moveDown(TREE, 4)).toEqual([
      { categoryID: 5, parentCategoryID: 1, sort: 0 },
      { categoryID: 4, parentCategoryID: 1, sort: 1 },
    ]);
    expect(moveUp(TREE, 1)).toBeNull();
    expect(moveDown(TREE, 3)).toBeNull();
  });

  it("indents under the sibling above and outdents after the parent, renumbering both groups", () => {
    expect(indent(TREE, 2)).toEqual([
      { categoryID: 4, parentCategoryID: 1, sort: 0 },
      { categoryID: 5, parentCategoryID: 1, sort: 1 },
      { categoryID: 2, parentCategoryID: 1, sort: 2 },
      { categoryID: 1, parentCategoryID: null, sort: 0 },
      { categoryID: 3, parentCategoryID: null, sort: 1 },
    ]);
    expect(indent(TREE, 1)).toBeNull();
    expect(outdent(TREE, 4)).toEqual([
      { categoryID: 1, parentCategoryID: null, sort: 0 },
      { categoryID: 4, parentCategoryID: null, sort: 1 },
      { categoryID: 2, parentCategoryID: null, sort: 2 },
      { categoryID: 3, parentCategoryID: null, sort: 3 },
      { categoryID: 5, parentCategoryID: 1, sort: 0 },
    ]);
    expect(outdent(TREE, 2)).toBeNull();
  });

  it("drops before a row or into it, never inside itself", () => {
    expect(dropOn(TREE, 3, 1, false)).toEqual([
      { categoryID: 3, parentCategoryID: null, sort: 0 },
      { categoryID: 1, parentCategoryID: null, sort: 1 },
      { categoryID: 2, parentCategoryID: null, sort: 2 },
    ]);
    expect(dropOn(TREE, 1, 3, false)).toEqual([
      { categoryID: 2, parentCategoryID: null, sort: 0 },
      { categoryID: 1, parentCategoryID: null, sort: 1 },
      { categoryID: 3, parentCategoryID: null, sort: 2 },
    ]);
    expect(dropOn(TREE, 3, 5, true)?.[0]).toEqual({ categoryID: 3, parentCategoryID: 5, sort: 0 });
    expect(dropOn(TREE, 1, 4, true)).toBeNull();
    expect(dropOn(TREE, 1, 4, false)).toBeNull();
    expect(dropOn(TREE, 2, 2, false)).toBeNull();
  });
});
