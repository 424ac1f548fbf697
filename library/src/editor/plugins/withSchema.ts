import type { Editor } from "slate";
import { INLINE_TYPES, VOID_TYPES, isType } from "@library/src/editor/transforms/nodeQueries";

/** Links and mentions are inline; images, rules, quote cards and mentions are voids. */
export function withSchema(editor: Editor): Editor {
  const { isInline, isVoid } = editor;
  editor.isInline = (element) => isType(element, ...INLINE_TYPES) || isInline(element);
  editor.isVoid = (element) => isType(element, ...VOID_TYPES) || isVoid(element);
  return editor;
}
