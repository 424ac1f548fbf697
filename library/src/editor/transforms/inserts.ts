import { Editor, Node, Path, Transforms, type Range } from "slate";
import type { Rich2Quote } from "@forum/api/rich2";
import { blockToEditor } from "@library/src/editor/documentConvert";
import type { EditorBlock } from "@library/src/editor/editorTypes";
import { isType } from "@library/src/editor/transforms/nodeQueries";

function emptyParagraph(): EditorBlock {
  return { type: "p", children: [{ text: "" }] };
}

/**
 * Insert a void block (image, rule, quote card) at the top level after the block holding the selection (or at
 * the end), replacing that block when it is an empty paragraph; the cursor lands in a paragraph after it.
 */
export function insertVoidBlock(editor: Editor, block: EditorBlock): void {
  Editor.withoutNormalizing(editor, () => {
    const topIndex = editor.selection ? (editor.selection.anchor.path[0] ?? 0) : editor.children.length - 1;
    const top = editor.children[topIndex];
    const replace =
      top !== undefined &&
      isType(top, "p") &&
      Node.string(top) === "" &&
      !top.children.some((c) => !("text" in c));
    const at = replace ? [topIndex] : [topIndex + 1];
    if (replace) Transforms.removeNodes(editor, { at });
    Transforms.insertNodes(editor, block, { at, select: false });
    const after = Path.next(at);
    const next = editor.children[after[0] ?? 0];
    if (!next || !isType(next, "p"))
      Transforms.insertNodes(editor, emptyParagraph(), { at: after, select: false });
    Transforms.select(editor, Editor.start(editor, after));
  });
}

export function insertImage(editor: Editor, url: string, alt: string): void {
  insertVoidBlock(editor, {
    type: "img",
    url,
    ...(alt.trim() ? { alt: alt.trim() } : {}),
    children: [{ text: "" }],
  });
}

/** An uploaded file where the cursor is: an image as an image, anything else as a link named after the file. */
export function insertUploaded(editor: Editor, item: { url: string; name: string; type: string }): void {
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  // The API client hands back site links as paths; an image in a post keeps its full address.
  const url = new URL(item.url, window.location.href).href;
  if (item.type.startsWith("image/")) {
    insertImage(editor, url, item.name.replace(/\.[A-Za-z0-9]+$/, ""));
    return;
  }
  Transforms.insertNodes(editor, [{ type: "a", url, children: [{ text: item.name }] }, { text: " " }]);
}

export function insertRule(editor: Editor): void {
  insertVoidBlock(editor, { type: "hr", children: [{ text: "" }] });
}

export function insertQuote(editor: Editor, quote: Rich2Quote): void {
  insertVoidBlock(editor, blockToEditor(quote));
}

/** Replace `range` (the typed "@prefix", if any) with a mention chip followed by a space. */
export function insertMention(editor: Editor, name: string, userID?: number, range?: Range | null): void {
  if (range) Transforms.select(editor, range);
  if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  if (Editor.above(editor, { match: (node) => isType(node, "code_block") })) {
    Transforms.insertText(editor, `@${name} `);
    return;
  }
  Transforms.insertNodes(editor, {
    type: "mention",
    name,
    ...(userID !== undefined ? { userID } : {}),
    children: [{ text: "" }],
  });
  Transforms.move(editor);
  Transforms.insertText(editor, " ");
}

/** Everything goes; one empty paragraph stays (undoable). */
export function clearEditor(editor: Editor): void {
  Editor.withoutNormalizing(editor, () => {
    for (let index = editor.children.length - 1; index >= 0; index--) {
      Transforms.removeNodes(editor, { at: [index] });
    }
    Transforms.insertNodes(editor, emptyParagraph(), { at: [0], select: false });
  });
  Transforms.select(editor, Editor.start(editor, []));
}
