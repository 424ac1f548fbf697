import { Editor, Range, Transforms, type BaseRange, type NodeEntry } from "slate";
import type { Rich2Link } from "@forum/api/rich2";
import { aboveOfType, isType } from "@library/src/editor/transforms/nodeQueries";

export function activeLink(editor: Editor): NodeEntry<Rich2Link> | undefined {
  return aboveOfType(editor, "a");
}

/**
 * Set the address of the link at the selection, or make the selected text a link, or insert the address as a
 * linked text. `url` must already be normalised (urls.ts).
 */
export function upsertLink(editor: Editor, url: string, at?: BaseRange | null): void {
  if (at) Transforms.select(editor, at);
  const { selection } = editor;
  if (!selection) return;
  const existing = activeLink(editor);
  if (existing) {
    Transforms.setNodes(editor, { url }, { at: existing[1] });
    return;
  }
  if (Range.isCollapsed(selection)) {
    Transforms.insertNodes(editor, { type: "a", url, children: [{ text: url }] });
    return;
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, { match: (node) => isType(node, "a"), split: true });
    Transforms.wrapNodes(editor, { type: "a", url, children: [] }, { split: true });
  });
  Transforms.collapse(editor, { edge: "end" });
}

export function removeLink(editor: Editor, at?: BaseRange | null): void {
  if (at) Transforms.select(editor, at);
  Transforms.unwrapNodes(editor, { match: (node) => isType(node, "a"), split: true });
}
