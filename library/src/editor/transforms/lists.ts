import { Editor, Element, Node, Path, Transforms } from "slate";
import type { ListType } from "@library/src/editor/editorTypes";
import { aboveOfType, isList, isType } from "@library/src/editor/transforms/nodeQueries";

/** The list item holding the selection and its list, if any. */
export function currentListItem(editor: Editor) {
  const item = aboveOfType(editor, "li");
  if (!item) return undefined;
  const listPath = Path.parent(item[1]);
  const list = Node.get(editor, listPath);
  if (!isList(list)) return undefined;
  return { item: item[0], itemPath: item[1], list, listPath };
}

/** Tab: the item becomes the last child of a nested list inside the previous item. */
export function indentListItem(editor: Editor): boolean {
  const current = currentListItem(editor);
  if (!current) return false;
  const { itemPath, list } = current;
  const index = itemPath[itemPath.length - 1] ?? 0;
  if (index === 0) return true; // The first item has nothing to nest under; Tab is still consumed.
  const previousPath = Path.previous(itemPath);
  const previous = Node.get(editor, previousPath);
  if (!isType(previous, "li")) return false;
  Editor.withoutNormalizing(editor, () => {
    const last = previous.children[previous.children.length - 1];
    if (last && isList(last)) {
      const nestedPath = [...previousPath, previous.children.length - 1];
      Transforms.moveNodes(editor, { at: itemPath, to: [...nestedPath, last.children.length] });
    } else {
      Transforms.wrapNodes(editor, { type: list.type, children: [] }, { at: itemPath });
      Transforms.moveNodes(editor, { at: itemPath, to: [...previousPath, previous.children.length] });
    }
  });
  return true;
}

/**
 * Shift+Tab: a nested item moves up one level (taking its later siblings along as its own sub-list); an item
 * of a top-level list leaves the list and becomes paragraphs.
 */
export function outdentListItem(editor: Editor): boolean {
  const current = currentListItem(editor);
  if (!current) return false;
  const { itemPath, list, listPath } = current;
  const parentOfList = Node.parent(editor, listPath);
  Editor.withoutNormalizing(editor, () => {
    if (isType(parentOfList, "li")) {
      const parentItemPath = Path.parent(listPath);
      const index = itemPath[itemPath.length - 1] ?? 0;
      const laterCount = list.children.length - index - 1;
      const itemRef = Editor.pathRef(editor, itemPath);
      if (laterCount > 0) {
        const item = Node.get(editor, itemPath);
        const size = Element.isElement(item) ? item.children.length : 0;
        Transforms.insertNodes(editor, { type: list.type, children: [] }, { at: [...itemPath, size] });
        for (let moved = 0; moved < laterCount; moved++) {
          const at = itemRef.current;
          if (!at) break;
          Transforms.moveNodes(editor, { at: Path.next(at), to: [...at, size, moved] });
        }
      }
      const at = itemRef.current;
      if (at) Transforms.moveNodes(editor, { at, to: Path.next(parentItemPath) });
      itemRef.unref();
    } else {
      const itemRef = Editor.pathRef(editor, itemPath);
      Transforms.liftNodes(editor, { at: itemPath });
      const at = itemRef.current;
      if (at) Transforms.unwrapNodes(editor, { at });
      itemRef.unref();
    }
  });
  return true;
}

/** Every list item in the selection leaves its lists. */
export function unwrapLists(editor: Editor): void {
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: (node) => isType(node, "li"), split: true, mode: "all" });
    Transforms.unwrapNodes(editor, { match: (node) => isList(node), split: true, mode: "all" });
  });
}

/** Turn the selected text blocks into one list, or change the type of the list they are in. */
export function wrapInList(editor: Editor, type: ListType): void {
  const current = currentListItem(editor);
  if (current) {
    Transforms.setNodes(editor, { type }, { at: current.listPath });
    return;
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.setNodes(
      editor,
      { type: "p" },
      { match: (node): boolean => isType(node, "h2", "h3", "h4", "h5", "code_block") },
    );
    const paragraphs = Array.from(
      Editor.nodes(editor, { match: (node) => isType(node, "p") }),
      ([, path]) => path,
    );
    for (const path of paragraphs.reverse()) {
      Transforms.wrapNodes(editor, { type: "li", children: [] }, { at: path });
    }
    Transforms.wrapNodes(editor, { type, children: [] }, { match: (node) => isType(node, "li") });
  });
}
