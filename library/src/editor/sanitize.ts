import type {
  Rich2Block,
  Rich2Document,
  Rich2Inline,
  Rich2ListItem,
  Rich2Paragraph,
  Rich2Quote,
  Rich2Text,
} from "@forum/api/rich2";
import { isSafeStoredUrl, normalizeImageUrl } from "@library/src/editor/urls";

/**
 * Turn anything (parsed JSON, or the editor's own value) into a document that matches the rich2 contract:
 * unknown nodes keep their content but lose their type, unsafe links lose their address, and every container
 * holds what the contract allows.
 */
type UnknownRecord = Record<string, unknown>;

const MARKS = ["bold", "italic", "underline", "strikethrough", "code"] as const;
const HEADINGS = ["h2", "h3", "h4", "h5"] as const;
type HeadingType = (typeof HEADINGS)[number];

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function childrenOf(value: UnknownRecord): unknown[] {
  return Array.isArray(value.children) ? value.children : [];
}

function isHeading(type: unknown): type is HeadingType {
  return HEADINGS.some((heading) => heading === type);
}

function emptyText(): Rich2Text {
  return { text: "" };
}

function paragraph(children: Rich2Inline[]): Rich2Paragraph {
  return { type: "p", children: children.length > 0 ? children : [emptyText()] };
}

/** Every character of a node, however deep. */
export function plainTextOf(value: unknown): string {
  if (!isRecord(value)) return "";
  if (typeof value.text === "string") return value.text;
  return childrenOf(value).map(plainTextOf).join("");
}

function sanitizeText(value: UnknownRecord, withMarks = true): Rich2Text {
  const text: Rich2Text = { text: typeof value.text === "string" ? value.text : "" };
  if (withMarks) {
    for (const mark of MARKS) {
      if (value[mark] === true) text[mark] = true;
    }
  }
  return text;
}

function texts(value: unknown): Rich2Text[] {
  if (!isRecord(value)) return [];
  if (typeof value.text === "string") return [sanitizeText(value)];
  return childrenOf(value).flatMap(texts);
}

/** Drop empty texts beside other content, and keep at least one child. */
function tidyInlines(inlines: Rich2Inline[]): Rich2Inline[] {
  const kept = inlines.filter((inline) => !("text" in inline) || inline.text !== "");
  return kept.length > 0 ? kept : [emptyText()];
}

function sanitizeInline(value: unknown): Rich2Inline[] {
  if (!isRecord(value)) return [];
  if (typeof value.text === "string") return [sanitizeText(value)];
  if (value.type === "a") {
    const children = texts(value);
    if (typeof value.url === "string" && isSafeStoredUrl(value.url) && plainTextOf(value) !== "") {
      return [{ type: "a", url: value.url.trim(), children }];
    }
    return children;
  }
  if (value.type === "mention") {
    if (typeof value.name !== "string" || value.name === "") return [];
    return [
      {
        type: "mention",
        name: value.name,
        ...(typeof value.userID === "number" ? { userID: value.userID } : {}),
        children: [emptyText()],
      },
    ];
  }
  return childrenOf(value).flatMap(sanitizeInline);
}

export function sanitizeInlines(children: unknown[]): Rich2Inline[] {
  return tidyInlines(children.flatMap(sanitizeInline));
}

function codeLines(value: UnknownRecord): Rich2Text[] {
  const joined = childrenOf(value).map(plainTextOf).join("\n");
  return joined.split("\n").map((text) => ({ text }));
}

/** What a list item may hold: paragraphs and nested lists; other blocks give up their content. */
function listItemContent(blocks: Rich2Block[]): Rich2ListItem["children"] {
  return blocks.flatMap((block): Rich2ListItem["children"] => {
    switch (block.type) {
      case "p":
      case "ul":
      case "ol":
        return [block];
      case "h2":
      case "h3":
      case "h4":
      case "h5":
        return [paragraph(block.children)];
      case "code_block":
        return block.children.map((line) => paragraph([{ text: line.text }]));
      case "blockquote":
      case "spoiler":
      case "quote":
        return listItemContent(block.children);
      case "img":
      case "hr":
        return [];
    }
  });
}

function sanitizeListItems(children: unknown[]): Rich2ListItem[] {
  return children.flatMap((child): Rich2ListItem[] => {
    if (!isRecord(child)) return [];
    const content = child.type === "li" ? sanitizeBlocks(childrenOf(child)) : sanitizeBlocks([child]);
    const items = listItemContent(content);
    if (items.length === 0 && child.type !== "li") return [];
    const first = items[0];
    // A list item starts with its own text, so a nested list never dangles without one.
    const withLead = first && first.type === "p" ? items : [paragraph([]), ...items];
    return [{ type: "li", children: withLead }];
  });
}

function sanitizeQuote(value: UnknownRecord): Rich2Quote | null {
  const author = value.author;
  if (!isRecord(author) || typeof author.name !== "string") return null;
  const source = Array.isArray(value.quoted) ? value.quoted : childrenOf(value);
  const url = typeof value.url === "string" && isSafeStoredUrl(value.url) ? value.url : "";
  return {
    type: "quote",
    author: { name: author.name, ...(typeof author.userID === "number" ? { userID: author.userID } : {}) },
    url,
    children: nonEmptyBlocks(sanitizeBlocks(source)),
  };
}

function nonEmptyBlocks(blocks: Rich2Block[]): Rich2Block[] {
  return blocks.length > 0 ? blocks : [paragraph([])];
}

function sanitizeBlock(value: UnknownRecord): Rich2Block[] {
  const type = value.type;
  if (type === "p" || isHeading(type)) {
    return [{ type, children: sanitizeInlines(childrenOf(value)) }];
  }
  switch (type) {
    case "ul":
    case "ol": {
      const items = sanitizeListItems(childrenOf(value));
      return items.length > 0 ? [{ type, children: items }] : [];
    }
    case "li":
      return [{ type: "ul", children: sanitizeListItems([value]) }];
    case "blockquote":
    case "spoiler":
      return [{ type, children: nonEmptyBlocks(sanitizeBlocks(childrenOf(value))) }];
    case "code_block":
      return [{ type: "code_block", children: codeLines(value) }];
    case "img": {
      const url = typeof value.url === "string" ? normalizeImageUrl(value.url) : null;
      if (url === null) return [];
      const alt = typeof value.alt === "string" && value.alt !== "" ? { alt: value.alt } : {};
      return [{ type: "img", url, ...alt, children: [emptyText()] }];
    }
    case "hr":
      return [{ type: "hr", children: [emptyText()] }];
    case "quote": {
      const quote = sanitizeQuote(value);
      return quote ? [quote] : [];
    }
    default:
      return sanitizeBlocks(childrenOf(value));
  }
}

function isInlineLike(value: UnknownRecord): boolean {
  return typeof value.text === "string" || value.type === "a" || value.type === "mention";
}

/** Blocks from a list of nodes: runs of loose text and inlines become paragraphs. */
export function sanitizeBlocks(children: unknown[]): Rich2Block[] {
  const blocks: Rich2Block[] = [];
  let loose: unknown[] = [];
  const flush = () => {
    if (loose.length > 0) blocks.push(paragraph(sanitizeInlines(loose)));
    loose = [];
  };
  for (const child of children) {
    if (!isRecord(child)) continue;
    if (isInlineLike(child)) {
      loose.push(child);
      continue;
    }
    flush();
    blocks.push(...sanitizeBlock(child));
  }
  flush();
  return blocks;
}

export function sanitizeDocument(value: unknown[]): Rich2Document {
  return nonEmptyBlocks(sanitizeBlocks(value));
}
