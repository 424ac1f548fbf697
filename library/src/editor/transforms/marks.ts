import { Editor } from "slate";
import type { MarkName } from "@library/src/editor/editorTypes";
import { aboveOfType } from "@library/src/editor/transforms/nodeQueries";

export function isMarkActive(editor: Editor, mark: MarkName): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

/** Marks are not allowed in code blocks (a code block is plain text). */
export function canUseMarks(editor: Editor): boolean {
  return editor.selection !== null && aboveOfType(editor, "code_block") === undefined;
}

export function toggleMark(editor: Editor, mark: MarkName): void {
  if (!canUseMarks(editor)) return;
  if (isMarkActive(editor, mark)) {
    Editor.removeMark(editor, mark);
  } else {
    Editor.addMark(editor, mark, true);
  }
}
