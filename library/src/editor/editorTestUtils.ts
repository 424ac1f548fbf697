import { Editor, Transforms, type Descendant, type Path } from "slate";
import { createRichEditor } from "@library/src/editor/plugins/withRich2";
import { editorToDocument } from "@library/src/editor/documentConvert";
import type { Rich2Document, Rich2Paragraph } from "@forum/api/rich2";

/** A headless editor holding `children`, normalised, with the cursor at the end of the node at `path`. */
export function makeEditor(children: Descendant[], cursorAt: Path = []): Editor {
  const editor = createRichEditor();
  editor.children = children;
  Editor.normalize(editor, { force: true });
  Transforms.select(editor, Editor.end(editor, cursorAt));
  return editor;
}

export function typeText(editor: Editor, text: string): void {
  for (const character of text) editor.insertText(character);
}

export function docOf(editor: Editor): Rich2Document {
  return editorToDocument(editor.children);
}

export function paragraph(text: string): Rich2Paragraph {
  return { type: "p", children: [{ text }] };
}

export function pasteData(formats: Record<string, string>) {
  return { getData: (format: string) => formats[format] ?? "" };
}

function nearestEditable(start: HTMLElement): boolean {
  for (let element: HTMLElement | null = start; element; element = element.parentElement) {
    const value = element.getAttribute("contenteditable");
    if (value === "false") return false;
    if (value === "" || value === "true" || value === "plaintext-only") return true;
  }
  return false;
}

/**
 * jsdom does not implement `isContentEditable`, which Slate checks before it runs keyboard handlers; this
 * computes it the way browsers do (nearest contenteditable attribute wins).
 */
export function installContentEditableShim(): void {
  if (typeof HTMLElement === "undefined" || "isContentEditable" in HTMLElement.prototype) return;
  Object.defineProperty(HTMLElement.prototype, "isContentEditable", {
    configurable: true,
    get(this: HTMLElement): boolean {
      return nearestEditable(this);
    },
  });
}
