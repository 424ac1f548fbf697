import type { ReactNode } from "react";
import type { RenderLeafProps } from "slate-react";

/** Marks nest in a fixed order so the same text always renders the same markup. */
export function EditorLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content: ReactNode = <>{children}</>;
  if (leaf.code) content = <code className="richEditor-inlineCode">{content}</code>;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  return <span {...attributes}>{content}</span>;
}
