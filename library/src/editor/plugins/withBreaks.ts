import { Editor, Node, Path, Range, Transforms } from "slate";
import { currentListItem, outdentListItem } from "@library/src/editor/transforms/lists";
import {
  aboveOfType,
  currentBlock,
  isAtBlockStart,
  isType,
  textBeforeCursor,
} from "@library/src/editor/transforms/nodeQueries";

function insertParagraphAfter(editor: Editor, path: Path): void {
  const at = Path.next(path);
  Transforms.insertNodes(editor, { type: "p", children: [{ text: "" }] }, { at, select: false });
  Transforms.select(editor, Editor.start(editor, at));
}

/** Enter in a code block adds a line; Enter on an empty last line leaves the block. */
function codeBlockBreak(editor: Editor, path: Path): void {
  const whole = Node.string(Node.get(editor, path));
  const before = textBeforeCursor(editor, path);
  if (before === whole && whole.endsWith("\n")) {
    Transforms.delete(editor, { distance: 1, unit: "character", reverse: true });
    insertParagraphAfter(editor, path);
    return;
  }
  Transforms.insertText(editor, "\n");
}

function listItemBreak(editor: Editor, itemPath: Path): void {
  const item = Node.get(editor, itemPath);
  const [first] = isType(item, "li") ? item.children : [];
  const onlyEmptyParagraph =
    isType(item, "li") && item.children.length === 1 && first && Node.string(first) === "";
  if (onlyEmptyParagraph) {
    outdentListItem(editor);
    return;
  }
  Transforms.splitNodes(editor, { always: true, match: (node) => isType(node, "li") });
}

/** Enter in an empty last paragraph of a blockquote or spoiler steps out of it. */
function leaveWrapper(editor: Editor, blockPath: Path): boolean {
  const wrapper = Editor.above(editor, {
    at: blockPath,
    match: (node) => isType(node, "blockquote", "spoiler"),
  });
  if (!wrapper) return false;
  const block = Node.get(editor, blockPath);
  const isLast = Path.equals(Path.next(blockPath), [...wrapper[1], wrapper[0].children.length]);
  if (!isLast || Node.string(block) !== "" || wrapper[0].children.length < 2) return false;
  Transforms.moveNodes(editor, { at: blockPath, to: Path.next(wrapper[1]) });
  Transforms.select(editor, Editor.start(editor, Path.next(wrapper[1])));
  return true;
}

function breakAt(editor: Editor): boolean {
  const block = currentBlock(editor);
  if (!block) return false;
  const [node, path] = block;
  if (isType(node, "code_block")) {
    codeBlockBreak(editor, path);
    return true;
  }
  const item = currentListItem(editor);
  if (item && Path.isParent(item.itemPath, path)) {
    listItemBreak(editor, item.itemPath);
    return true;
  }
  if (
    isType(node, "h2", "h3", "h4", "h5") &&
    editor.selection &&
    Editor.isEnd(editor, editor.selection.anchor, path)
  ) {
    insertParagraphAfter(editor, path);
    return true;
  }
  return leaveWrapper(editor, path);
}

/** Backspace at the start of a block: unwrap quotes and spoilers, turn code and headings into paragraphs. */
function backspaceAtStart(editor: Editor): boolean {
  const block = currentBlock(editor);
  if (!block || !isAtBlockStart(editor, block[1])) return false;
  const [node, path] = block;
  if (isType(node, "code_block")) {
    const lines = Node.string(node).split("\n");
    Editor.withoutNormalizing(editor, () => {
      Transforms.removeNodes(editor, { at: path });
      Transforms.insertNodes(
        editor,
        lines.map((text) => ({ type: "p" as const, children: [{ text }] })),
        { at: path, select: false },
      );
    });
    Transforms.select(editor, Editor.start(editor, path));
    return true;
  }
  const item = currentListItem(editor);
  if (item && Path.equals(path, [...item.itemPath, 0])) return outdentListItem(editor);
  const wrapper = aboveOfType(editor, "blockquote", "spoiler");
  if (wrapper && Editor.isStart(editor, Editor.start(editor, path), wrapper[1])) {
    Transforms.unwrapNodes(editor, { at: wrapper[1] });
    return true;
  }
  if (isType(node, "h2", "h3", "h4", "h5")) {
    Transforms.setNodes(editor, { type: "p" }, { at: path });
    return true;
  }
  return false;
}

export function withBreaks(editor: Editor): Editor {
  const { insertBreak, deleteBackward } = editor;
  editor.insertBreak = () => {
    const { selection } = editor;
    if (selection && Range.isExpanded(selection)) Transforms.delete(editor);
    if (breakAt(editor)) return;
    insertBreak();
  };
  editor.deleteBackward = (unit) => {
    const { selection } = editor;
    if (selection && Range.isCollapsed(selection) && backspaceAtStart(editor)) return;
    deleteBackward(unit);
  };
  return editor;
}
