import type { Editor } from "slate";
import type { MarkName } from "@library/src/editor/editorTypes";
import { indentListItem, outdentListItem } from "@library/src/editor/transforms/lists";
import { toggleMark } from "@library/src/editor/transforms/marks";

/** What the handler needs from a keyboard event (React's and the DOM's both fit). */
export interface HotkeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault: () => void;
}

export interface HotkeyActions {
  openLink: () => void;
}

const MARK_KEYS: Record<string, MarkName> = { b: "bold", i: "italic", e: "code" };

function isMod(event: HotkeyEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey;
}

function modCommand(editor: Editor, event: HotkeyEvent, actions: HotkeyActions): boolean {
  const key = event.key.toLowerCase();
  const mark = MARK_KEYS[key];
  if (mark && !event.shiftKey) {
    toggleMark(editor, mark);
    return true;
  }
  if (key === "x" && event.shiftKey) {
    toggleMark(editor, "strikethrough");
    return true;
  }
  if (key === "k" && !event.shiftKey) {
    actions.openLink();
    return true;
  }
  if ((key === "z" && event.shiftKey) || (key === "y" && !event.shiftKey)) {
    editor.redo();
    return true;
  }
  if (key === "z") {
    editor.undo();
    return true;
  }
  return false;
}

/**
 * Ctrl/Cmd+B, I, Shift+X, E for marks, K for a link, Z / Shift+Z (or Y) for undo and redo; Tab and Shift+Tab
 * indent and outdent list items (outside lists Tab keeps moving focus). Returns whether the key was used.
 */
export function handleHotkey(editor: Editor, event: HotkeyEvent, actions: HotkeyActions): boolean {
  let handled = false;
  if (isMod(event)) {
    handled = modCommand(editor, event, actions);
  } else if (event.key === "Tab" && !event.altKey && !event.ctrlKey && !event.metaKey) {
    handled = event.shiftKey ? outdentListItem(editor) : indentListItem(editor);
  }
  if (handled) event.preventDefault();
  return handled;
}
