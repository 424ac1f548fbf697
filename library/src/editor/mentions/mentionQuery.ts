import { Node, Range, Text, type BaseRange, type Editor } from "slate";
import { aboveOfType } from "@library/src/editor/transforms/nodeQueries";

export interface MentionQuery {
  prefix: string;
  /** The typed "@prefix", replaced by the chip. */
  range: BaseRange;
  /** Identifies this "@" (where it was typed), so a dismissed list stays closed while typing on. */
  key: string;
}

const MENTION_BEFORE_CURSOR = /(?:^|[\s(])@([^\s@]{1,64})$/;

/** "@" plus at least one character right before a collapsed cursor (not in code). */
export function getMentionQuery(editor: Editor): MentionQuery | null {
  const { selection } = editor;
  if (!selection || !Range.isCollapsed(selection) || aboveOfType(editor, "code_block")) return null;
  const { path, offset } = selection.anchor;
  if (!Node.has(editor, path)) return null;
  const leaf = Node.get(editor, path);
  if (!Text.isText(leaf) || leaf.code) return null;
  const match = MENTION_BEFORE_CURSOR.exec(leaf.text.slice(0, offset));
  const prefix = match?.[1];
  if (prefix === undefined) return null;
  const start = offset - prefix.length - 1;
  return {
    prefix,
    range: { anchor: { path, offset: start }, focus: { path, offset } },
    key: `${path.join(".")}:${start}`,
  };
}
