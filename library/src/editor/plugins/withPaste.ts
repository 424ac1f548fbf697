import { Range, Transforms, type Editor } from "slate";
import type { EditorBlock } from "@library/src/editor/editorTypes";
import { upsertLink } from "@library/src/editor/transforms/links";
import { aboveOfType } from "@library/src/editor/transforms/nodeQueries";
import { pastedUrl } from "@library/src/editor/urls";

/** The data a paste or drop carries; DataTransfer satisfies it. */
export interface PasteData {
  getData: (format: string) => string;
}

const BLOCK_TAGS = /<\/(p|div|h[1-6]|li|blockquote|pre|tr|section|article)>|<br\s*\/?>/gi;

/** Pasted HTML is never trusted: it is parsed inertly and only its text is kept, block ends as line breaks. */
export function htmlToPlainText(html: string): string {
  const marked = html.replace(BLOCK_TAGS, (tag) => `${tag}\n`);
  const parsed = new DOMParser().parseFromString(marked, "text/html");
  parsed.querySelectorAll("script, style, template, noscript").forEach((element) => element.remove());
  return parsed.body.textContent ?? "";
}

/** Lines of pasted text, without blank ones. */
export function pastedLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .filter((line) => line.trim() !== "");
}

function insertPlainText(editor: Editor, text: string): void {
  if (aboveOfType(editor, "code_block")) {
    Transforms.insertText(editor, text.replace(/\r\n?/g, "\n"));
    return;
  }
  const lines = pastedLines(text);
  if (lines.length === 0) return;
  if (lines.length === 1) {
    Transforms.insertText(editor, lines[0] ?? "");
    return;
  }
  const paragraphs: EditorBlock[] = lines.map((line) => ({ type: "p", children: [{ text: line }] }));
  Transforms.insertFragment(editor, paragraphs);
}

/** Paste: addresses become links, text becomes paragraphs, HTML is reduced to text. */
export function insertPastedData(editor: Editor, data: PasteData): void {
  const plain = data.getData("text/plain");
  const text = plain !== "" ? plain : htmlToPlainText(data.getData("text/html"));
  if (text === "" || !editor.selection) return;
  const url = aboveOfType(editor, "code_block") ? null : pastedUrl(text);
  if (url !== null) {
    if (Range.isExpanded(editor.selection) || !aboveOfType(editor, "a")) {
      upsertLink(editor, url);
      return;
    }
  }
  insertPlainText(editor, text);
}

export function withPaste(editor: Editor): Editor {
  editor.insertData = (data) => insertPastedData(editor, data);
  return editor;
}
