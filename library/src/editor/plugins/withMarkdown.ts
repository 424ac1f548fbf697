import { Editor, Node, Range, Text, Transforms } from "slate";
import type { MarkName, ToggleBlockType } from "@library/src/editor/editorTypes";
import { toggleBlock } from "@library/src/editor/transforms/blocks";
import { insertRule } from "@library/src/editor/transforms/inserts";
import { currentListItem } from "@library/src/editor/transforms/lists";
import {
  aboveOfType,
  currentBlock,
  isType,
  textBeforeCursor,
} from "@library/src/editor/transforms/nodeQueries";

/** Typed at the start of a paragraph, followed by a space. */
const BLOCK_SHORTCUTS: Record<string, ToggleBlockType> = {
  "##": "h2",
  "###": "h3",
  "-": "ul",
  "*": "ul",
  "1.": "ol",
  ">": "blockquote",
};

/** Closing marker typed → [pattern over the text before the cursor plus the typed character, mark]. */
const INLINE_SHORTCUTS: Record<string, Array<[RegExp, MarkName]>> = {
  "*": [
    [/\*\*([^*\s](?:[^*]*[^*\s])?)\*\*$/, "bold"],
    [/(?:^|[^*])\*([^*\s](?:[^*]*[^*\s])?)\*$/, "italic"],
  ],
  "`": [[/`([^`\s](?:[^`]*[^`\s])?)`$/, "code"]],
};

function deleteBeforeCursor(editor: Editor, length: number): void {
  Transforms.delete(editor, { distance: length, unit: "character", reverse: true });
}

function blockShortcut(editor: Editor, text: string): boolean {
  const block = currentBlock(editor);
  if (!block || !isType(block[0], "p")) return false;
  const before = textBeforeCursor(editor, block[1]);
  if (text === " ") {
    const type = BLOCK_SHORTCUTS[before];
    if (!type) return false;
    const inList = currentListItem(editor);
    if (inList && type !== "ul" && type !== "ol") return false;
    if (inList?.list.type === type) return false;
    deleteBeforeCursor(editor, before.length);
    toggleBlock(editor, type);
    return true;
  }
  const whole = Node.string(block[0]);
  if (text === "`" && before === "``" && whole === "``") {
    deleteBeforeCursor(editor, 2);
    toggleBlock(editor, "code_block");
    return true;
  }
  if (text === "-" && before === "--" && whole === "--" && !currentListItem(editor)) {
    deleteBeforeCursor(editor, 2);
    insertRule(editor);
    return true;
  }
  return false;
}

function inlineShortcut(editor: Editor, text: string): boolean {
  const patterns = INLINE_SHORTCUTS[text];
  const { selection } = editor;
  if (!patterns || !selection || aboveOfType(editor, "code_block")) return false;
  const leaf = Node.get(editor, selection.anchor.path);
  if (!Text.isText(leaf)) return false;
  const before = leaf.text.slice(0, selection.anchor.offset) + text;
  for (const [pattern, mark] of patterns) {
    const match = pattern.exec(before);
    const content = match?.[1];
    if (!match || content === undefined) continue;
    const markerLength = mark === "bold" ? 2 : 1;
    const typedLength = content.length + markerLength * 2 - 1;
    const { text: _text, ...marks } = leaf;
    deleteBeforeCursor(editor, typedLength);
    Transforms.insertNodes(editor, { ...marks, text: content, [mark]: true });
    Editor.removeMark(editor, mark);
    return true;
  }
  return false;
}

/** Markdown typed at the start of a block, and closing inline markers, become formatting. */
export function withMarkdown(editor: Editor): Editor {
  const { insertText } = editor;
  editor.insertText = (text, options) => {
    const { selection } = editor;
    if (selection && Range.isCollapsed(selection) && !options?.at) {
      if (blockShortcut(editor, text) || inlineShortcut(editor, text)) return;
    }
    insertText(text, options);
  };
  return editor;
}
