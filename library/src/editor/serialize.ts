import type { Rich2Block, Rich2Document, Rich2Inline } from "@forum/api/rich2";
import { sanitizeDocument } from "@library/src/editor/sanitize";

/** One empty paragraph: what a fresh editor holds. */
export function emptyDocument(): Rich2Document {
  return [{ type: "p", children: [{ text: "" }] }];
}

function inlineText(inline: Rich2Inline): string {
  if ("text" in inline) return inline.text;
  if (inline.type === "mention") return `@${inline.name}`;
  return inline.children.map((child) => child.text).join("");
}

function blockLines(block: Rich2Block): string[] {
  switch (block.type) {
    case "p":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
      return [block.children.map(inlineText).join("")];
    case "code_block":
      return block.children.map((line) => line.text);
    case "ul":
    case "ol":
      return block.children.flatMap((item) => item.children.flatMap(blockLines));
    case "blockquote":
    case "spoiler":
    case "quote":
      return block.children.flatMap(blockLines);
    case "img":
      return block.alt ? [block.alt] : [];
    case "hr":
      return [];
  }
}

/** The document's text, one line per paragraph-like block (mentions as @name, images as their alt text). */
export function documentToPlainText(document: Rich2Document): string {
  return document.flatMap(blockLines).join("\n").trim();
}

function blockHasContent(block: Rich2Block): boolean {
  switch (block.type) {
    case "img":
    case "hr":
    case "quote":
      return true;
    case "code_block":
      return block.children.some((line) => line.text.trim() !== "");
    case "p":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
      return block.children.some((inline) => !("text" in inline) || inline.text.trim() !== "");
    case "ul":
    case "ol":
      return block.children.some((item) => item.children.some(blockHasContent));
    case "blockquote":
    case "spoiler":
      return block.children.some(blockHasContent);
  }
}

/** Nothing worth posting: only whitespace, no images, rules, quotes or mentions. */
export function isEmptyDocument(document: Rich2Document): boolean {
  return !document.some(blockHasContent);
}

/** A stored rich2 body, checked node by node; null when it is not JSON or not a list of nodes. */
export function parseRich2(json: string): Rich2Document | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  return sanitizeDocument(parsed);
}
