import { isExternalUrl, safeImageUrl, safeUrl } from "./safeUrl";

/** Elements whose whole content is dropped, not just the tag. */
export const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "template",
  "noscript",
  "noembed",
  "noframes",
  "textarea",
  "title",
  "xmp",
  "plaintext",
  "select",
  "option",
  "head",
  "audio",
  "video",
  "canvas",
  "map",
  "base",
  "link",
  "meta",
  "input",
]);

/** Elements that start a new line in the plain text. */
export const BLOCK_ELEMENTS = new Set([
  "p",
  "br",
  "div",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "table",
  "tr",
  "button",
]);

/** Inside these, `@name` is not turned into a mention link. */
export const NO_MENTION_ELEMENTS = new Set(["a", "code", "pre", "button"]);

export const VOID_ELEMENTS = new Set(["br", "hr", "img"]);

/** Structural HTML5 elements kept as a plain `<div>` so their text is not glued together. */
const AS_DIV = new Set([
  "section",
  "article",
  "header",
  "footer",
  "main",
  "nav",
  "aside",
  "figure",
  "figcaption",
  "address",
  "details",
  "summary",
  "dl",
  "dt",
  "dd",
  "center",
  "fieldset",
  "legend",
  "form",
]);

const RENAMED: Record<string, string> = { h1: "h2" };

const PLAIN = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "strike",
  "sub",
  "sup",
  "pre",
  "blockquote",
  "ul",
  "li",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "caption",
  "code",
  "div",
  "span",
  "a",
  "img",
  "ol",
  "th",
  "td",
  "button",
]);

/** Classes the client styles or scripts rely on; any other class is removed. */
export const ALLOWED_CLASSES = new Set([
  "code",
  "codeBlock",
  "codeInline",
  "spoiler",
  "spoiler-toggle",
  "spoiler-content",
  "quote",
  "quote-header",
  "quote-body",
  "atMention",
]);
const CLASSED = new Set(["div", "span", "pre", "code", "blockquote", "a", "button"]);

export type Attributes = Record<string, string>;
export type AttributeList = [name: string, value: string | null][];

export interface AllowedElement {
  name: string;
  /** Name and value (null: boolean attribute) of every kept attribute, values not yet escaped. */
  attributes: AttributeList;
}

function classes(value: string | undefined): string | null {
  const kept = (value ?? "").split(/\s+/).filter((name) => ALLOWED_CLASSES.has(name));
  return kept.length > 0 ? [...new Set(kept)].join(" ") : null;
}

function digits(value: string | undefined, max: number): string | null {
  if (value === undefined || !/^\s*\d{1,5}\s*$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number <= max ? String(number) : null;
}

function anchor(attributes: Attributes, className: string | null): AllowedElement | null {
  const href = attributes.href === undefined ? null : safeUrl(attributes.href);
  if (href === null) return null;
  const list: AttributeList = [];
  if (className !== null) list.push(["class", className]);
  const username = attributes["data-username"];
  if (className?.includes("atMention") && username !== undefined) list.push(["data-username", username]);
  list.push(["href", href]);
  if (attributes.title !== undefined) list.push(["title", attributes.title]);
  if (isExternalUrl(href)) list.push(["rel", "nofollow ugc noopener"]);
  return { name: "a", attributes: list };
}

function image(attributes: Attributes): AllowedElement | null {
  const src = attributes.src === undefined ? null : safeImageUrl(attributes.src);
  if (src === null) return null;
  const list: AttributeList = [
    ["src", src],
    ["alt", attributes.alt ?? ""],
  ];
  const width = digits(attributes.width, 10000);
  const height = digits(attributes.height, 10000);
  if (width !== null) list.push(["width", width]);
  if (height !== null) list.push(["height", height]);
  list.push(["loading", "lazy"]);
  return { name: "img", attributes: list };
}

/**
 * The allow-list: the element to write for a parsed tag (renamed, with only safe attributes), or `null`
 * when the tag is dropped and its children kept.
 */
export function allowElement(tagName: string, attributes: Attributes): AllowedElement | null {
  if (AS_DIV.has(tagName)) return { name: "div", attributes: [] };
  const name = RENAMED[tagName] ?? tagName;
  if (!PLAIN.has(name)) return null;
  const className = CLASSED.has(name) ? classes(attributes.class) : null;
  if (name === "a") return anchor(attributes, className);
  if (name === "img") return image(attributes);
  const list: AttributeList = className === null ? [] : [["class", className]];
  if (name === "button") {
    list.push(["type", "button"]);
    const expanded = attributes["aria-expanded"];
    if (expanded === "true" || expanded === "false") list.push(["aria-expanded", expanded]);
  }
  if (name === "div" && attributes.hidden !== undefined) list.push(["hidden", null]);
  if (name === "ol") {
    const start = digits(attributes.start, 100000);
    if (start !== null) list.push(["start", start]);
  }
  if (name === "td" || name === "th") {
    for (const span of ["colspan", "rowspan"]) {
      const value = digits(attributes[span], 1000);
      if (value !== null) list.push([span, value]);
    }
  }
  return { name, attributes: list };
}
