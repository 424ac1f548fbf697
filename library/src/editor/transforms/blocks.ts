import { Editor, Element, Transforms } from "slate";
import type { ToggleBlockType } from "@library/src/editor/editorTypes";
import { currentListItem, unwrapLists, wrapInList } from "@library/src/editor/transforms/lists";
import { aboveOfType, isTextBlock, isType } from "@library/src/editor/transforms/nodeQueries";

export function isBlockActive(editor: Editor, type: ToggleBlockType): boolean {
  if (!editor.selection) return false;
  if (type === "ul" || type === "ol") return currentListItem(editor)?.list.type === type;
  if (type === "blockquote" || type === "spoiler") return aboveOfType(editor, type) !== undefined;
  const [match] = Editor.nodes(editor, {
    at: Editor.unhangRange(editor, editor.selection),
    match: (node) => Element.isElement(node) && node.type === type,
  });
  return match !== undefined;
}

/** Headings and code blocks replace the paragraph type; they cannot live in a list item. */
function setTextBlockType(editor: Editor, type: "h2" | "h3" | "code_block"): void {
  const active = isBlockActive(editor, type);
  Editor.withoutNormalizing(editor, () => {
    if (!active) unwrapLists(editor);
    Transforms.setNodes(
      editor,
      { type: active ? "p" : type },
      { match: (node) => isTextBlock(node) || isType(node, "code_block") },
    );
  });
}

function toggleWrapper(editor: Editor, type: "blockquote" | "spoiler"): void {
  const wrapper = aboveOfType(editor, type);
  if (wrapper) {
    Transforms.unwrapNodes(editor, { at: wrapper[1] });
    return;
  }
  Transforms.wrapNodes(
    editor,
    { type, children: [] },
    {
      match: (node) => Element.isElement(node) && Editor.isBlock(editor, node) && !isType(node, "li"),
      mode: "highest",
    },
  );
}

export function toggleBlock(editor: Editor, type: ToggleBlockType): void {
  if (!editor.selection) return;
  switch (type) {
    case "h2":
    case "h3":
    case "code_block":
      setTextBlockType(editor, type);
      return;
    case "ul":
    case "ol":
      if (isBlockActive(editor, type)) unwrapLists(editor);
      else wrapInList(editor, type);
      return;
    case "blockquote":
    case "spoiler":
      toggleWrapper(editor, type);
      return;
  }
}
