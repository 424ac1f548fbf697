import type { Descendant } from "slate";
import type { Rich2Block, Rich2Document } from "@forum/api/rich2";
import type { EditorBlock } from "@library/src/editor/editorTypes";
import { sanitizeDocument } from "@library/src/editor/sanitize";

/** rich2 → the editor's model: code lines joined by "\n" in one text, quoted blocks moved to `quoted`. */
export function blockToEditor(block: Rich2Block): EditorBlock {
  switch (block.type) {
    case "code_block":
      return { type: "code_block", children: [{ text: block.children.map((line) => line.text).join("\n") }] };
    case "quote":
      return {
        type: "quote",
        author: { ...block.author },
        url: block.url,
        quoted: block.children,
        children: [{ text: "" }],
      };
    case "blockquote":
    case "spoiler":
      return { type: block.type, children: block.children.map(blockToEditor) };
    default:
      return block;
  }
}

export function documentToEditor(document: Rich2Document): EditorBlock[] {
  return sanitizeDocument(document).map(blockToEditor);
}

/** The editor's value → a rich2 document that matches the contract. */
export function editorToDocument(nodes: Descendant[]): Rich2Document {
  return sanitizeDocument(nodes);
}
