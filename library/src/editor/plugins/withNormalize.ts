import { Editor, Element, Node, Text, Transforms, type Descendant, type NodeEntry, type Path } from "slate";
import type { EditorElement } from "@library/src/editor/editorTypes";
import { isList, isTextBlock, isType } from "@library/src/editor/transforms/nodeQueries";

const MARKS = ["bold", "italic", "underline", "strikethrough", "code"] as const;

function isInlineLike(editor: Editor, node: Descendant): boolean {
  return Text.isText(node) || editor.isInline(node);
}

function emptyParagraph(): EditorElement {
  return { type: "p", children: [{ text: "" }] };
}

/** Children of the editor, a blockquote, a spoiler: blocks only, never empty, loose list items get a list. */
function normalizeBlockChildren(editor: Editor, children: Descendant[], path: Path): boolean {
  if (children.length === 0) {
    Transforms.insertNodes(editor, emptyParagraph(), { at: [...path, 0] });
    return true;
  }
  for (const [index, child] of children.entries()) {
    const childPath = [...path, index];
    if (isInlineLike(editor, child)) {
      Transforms.wrapNodes(editor, { type: "p", children: [] }, { at: childPath });
      return true;
    }
    if (isType(child, "li")) {
      Transforms.wrapNodes(editor, { type: "ul", children: [] }, { at: childPath });
      return true;
    }
  }
  return false;
}

function normalizeList(editor: Editor, element: EditorElement, path: Path): boolean {
  if (element.children.length === 0) {
    Transforms.removeNodes(editor, { at: path });
    return true;
  }
  for (const [index, child] of element.children.entries()) {
    if (!isType(child, "li")) {
      Transforms.wrapNodes(editor, { type: "li", children: [] }, { at: [...path, index] });
      return true;
    }
  }
  // Two lists of the same type side by side are one list.
  const next = Node.has(editor, [...path.slice(0, -1), (path[path.length - 1] ?? 0) + 1])
    ? Node.get(editor, [...path.slice(0, -1), (path[path.length - 1] ?? 0) + 1])
    : undefined;
  if (next && isList(next) && next.type === element.type) {
    Transforms.mergeNodes(editor, { at: [...path.slice(0, -1), (path[path.length - 1] ?? 0) + 1] });
    return true;
  }
  return false;
}

/** A list item holds paragraphs and lists, and starts with a paragraph. */
function normalizeListItem(editor: Editor, element: EditorElement, path: Path): boolean {
  if (element.children.length === 0) {
    Transforms.insertNodes(editor, emptyParagraph(), { at: [...path, 0] });
    return true;
  }
  for (const [index, child] of element.children.entries()) {
    const childPath = [...path, index];
    if (isInlineLike(editor, child)) {
      Transforms.wrapNodes(editor, { type: "p", children: [] }, { at: childPath });
      return true;
    }
    if (isType(child, "h2", "h3", "h4", "h5", "code_block")) {
      Transforms.setNodes(editor, { type: "p" }, { at: childPath });
      return true;
    }
    if (isType(child, "blockquote", "spoiler", "li")) {
      Transforms.unwrapNodes(editor, { at: childPath });
      return true;
    }
    if (isType(child, "img", "hr", "quote")) {
      Transforms.removeNodes(editor, { at: childPath });
      return true;
    }
  }
  if (!isType(element.children[0] ?? emptyParagraph(), "p")) {
    Transforms.insertNodes(editor, emptyParagraph(), { at: [...path, 0] });
    return true;
  }
  return false;
}

/** Paragraphs and headings hold text and inlines only; nested blocks give up their content. */
function normalizeInlineChildren(editor: Editor, element: EditorElement, path: Path): boolean {
  for (const [index, child] of element.children.entries()) {
    if (Element.isElement(child) && !editor.isInline(child)) {
      Transforms.unwrapNodes(editor, { at: [...path, index] });
      return true;
    }
  }
  return false;
}

/** A code block is plain text: inlines become their text, marks go. */
function normalizeCodeBlock(editor: Editor, element: EditorElement, path: Path): boolean {
  for (const [index, child] of element.children.entries()) {
    const childPath = [...path, index];
    if (Element.isElement(child)) {
      const text = isType(child, "mention") ? `@${child.name}` : Node.string(child);
      Editor.withoutNormalizing(editor, () => {
        Transforms.removeNodes(editor, { at: childPath });
        Transforms.insertNodes(editor, { text }, { at: childPath });
      });
      return true;
    }
    if (MARKS.some((mark) => child[mark] !== undefined)) {
      Transforms.unsetNodes(editor, [...MARKS], { at: childPath });
      return true;
    }
  }
  return false;
}

/** A link holds text only and is never empty. */
function normalizeLink(editor: Editor, element: EditorElement, path: Path): boolean {
  for (const [index, child] of element.children.entries()) {
    if (Element.isElement(child)) {
      if (isType(child, "a")) Transforms.unwrapNodes(editor, { at: [...path, index] });
      else Transforms.liftNodes(editor, { at: [...path, index] });
      return true;
    }
  }
  if (Node.string(element) === "") {
    Transforms.removeNodes(editor, { at: path });
    return true;
  }
  return false;
}

function normalizeElement(editor: Editor, element: EditorElement, path: Path): boolean {
  if (isType(element, "blockquote", "spoiler")) return normalizeBlockChildren(editor, element.children, path);
  if (isList(element)) return normalizeList(editor, element, path);
  if (isType(element, "li")) return normalizeListItem(editor, element, path);
  if (isTextBlock(element)) return normalizeInlineChildren(editor, element, path);
  if (isType(element, "code_block")) return normalizeCodeBlock(editor, element, path);
  if (isType(element, "a")) return normalizeLink(editor, element, path);
  return false;
}

/** Keep the document inside the rich2 contract after every change (and for any initial value). */
export function withNormalize(editor: Editor): Editor {
  const { normalizeNode } = editor;
  editor.normalizeNode = (entry: NodeEntry, options) => {
    const [node, path] = entry;
    if (Editor.isEditor(node)) {
      if (normalizeBlockChildren(editor, node.children, path)) return;
    } else if (Element.isElement(node) && normalizeElement(editor, node, path)) {
      return;
    }
    normalizeNode(entry, options);
  };
  return editor;
}
