import { Editor, Element, type Node, type NodeEntry, type Path } from "slate";
import type { EditorElement, EditorElementType } from "@library/src/editor/editorTypes";

export const TEXT_BLOCK_TYPES = ["p", "h2", "h3", "h4", "h5"] as const;
export const CONTAINER_TYPES = ["blockquote", "spoiler"] as const;
export const VOID_TYPES = ["img", "hr", "quote", "mention"] as const;
export const INLINE_TYPES = ["a", "mention"] as const;
export const LIST_TYPES = ["ul", "ol"] as const;

type Of<T extends EditorElementType> = Extract<EditorElement, { type: T }>;

export function isType<T extends EditorElementType>(node: Node, ...types: readonly T[]): node is Of<T> {
  return Element.isElement(node) && types.some((type) => type === node.type);
}

export function isTextBlock(node: Node): node is Of<(typeof TEXT_BLOCK_TYPES)[number]> {
  return isType(node, ...TEXT_BLOCK_TYPES);
}

export function isList(node: Node): node is Of<"ul" | "ol"> {
  return isType(node, ...LIST_TYPES);
}

/** The nearest ancestor-or-self of the selection of one of these types. */
export function aboveOfType<T extends EditorElementType>(
  editor: Editor,
  ...types: readonly T[]
): NodeEntry<Of<T>> | undefined {
  if (!editor.selection) return undefined;
  return Editor.above<Of<T>>(editor, { match: (node): node is Of<T> => isType(node, ...types) });
}

/** The lowest text block (paragraph or heading) or code block holding the selection. */
export function currentBlock(editor: Editor): NodeEntry<EditorElement> | undefined {
  if (!editor.selection) return undefined;
  return Editor.above<EditorElement>(editor, {
    match: (node): node is EditorElement => isTextBlock(node) || isType(node, "code_block"),
  });
}

/** Collapsed selection at the very start of the block at `path`. */
export function isAtBlockStart(editor: Editor, path: Path): boolean {
  const { selection } = editor;
  if (!selection || !Editor.isStart(editor, selection.anchor, path)) return false;
  return (
    selection.anchor.offset === 0 &&
    selection.focus.offset === 0 &&
    Editor.isStart(editor, selection.focus, path)
  );
}

/** Text of the block at `path` from its start to the (collapsed) selection. */
export function textBeforeCursor(editor: Editor, path: Path): string {
  const { selection } = editor;
  if (!selection) return "";
  return Editor.string(editor, { anchor: Editor.start(editor, path), focus: selection.anchor });
}
