import { Parser } from "htmlparser2";

/** Elements our renderers and the sanitiser may emit. */
const EMITTABLE = new Set([
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
  "code",
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
  "a",
  "img",
  "hr",
  "div",
  "span",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "button",
]);
const SAFE_ATTRIBUTES = new Set([
  "href",
  "src",
  "alt",
  "title",
  "rel",
  "class",
  "width",
  "height",
  "loading",
  "type",
  "aria-expanded",
  "hidden",
  "data-username",
  "start",
  "colspan",
  "rowspan",
]);

function dangerousUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside URLs
  const squashed = value.replace(/[\u0000-\u0020\u007f-\u00a0]/g, "").toLowerCase();
  return /^(javascript|vbscript|data|file):/.test(squashed) || squashed.includes("javascript:");
}

/**
 * Parses rendered HTML the way a browser would and lists everything in it that could run script: elements
 * outside the allow-list, event-handler or style attributes, and dangerous URLs. Test helper.
 */
export function executableVectors(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!EMITTABLE.has(name)) found.push(`element <${name}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!SAFE_ATTRIBUTES.has(attribute)) found.push(`attribute ${attribute} on <${name}>`);
          if ((attribute === "href" || attribute === "src") && dangerousUrl(value)) {
            found.push(`${attribute}="${value}" on <${name}>`);
          }
        }
      },
      oncomment() {
        found.push("comment");
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (/<\s*\/?\s*(script|iframe|svg|math|style|object|embed)/i.test(html)) found.push("raw dangerous tag");
  return found;
}
