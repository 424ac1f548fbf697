import type { BodyFormat } from "@forum/api/rich2";
import { renderBody, validateBody } from "@library/server/formats/renderBody";
import type { ImportBodyFormat } from "./importSource";

export interface ImportedBody {
  body: string;
  format: BodyFormat;
  bodyHtml: string;
  bodyText: string;
}

/** Another site's HTML is untrusted: it is stored as `wysiwyg`, which renders through the site's sanitizer. */
const STORED_FORMAT: Record<ImportBodyFormat, BodyFormat> = {
  html: "wysiwyg",
  wysiwyg: "wysiwyg",
  markdown: "markdown",
  text: "text",
  rich2: "rich2",
  rich: "text",
  bbcode: "text",
};

/** Imported posts may be longer than a new post here: the length limit is not applied to history. */
const NO_LENGTH_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * A body in a format this site renders, rendered once like a member's post (sanitised HTML and plain text). A
 * body its format cannot read (a broken rich2 document) is kept as plain text.
 */
export function importedBody(format: ImportBodyFormat, raw: string): ImportedBody {
  const stored = STORED_FORMAT[format];
  const usable = validateBody(stored, raw, { maxLength: NO_LENGTH_LIMIT }).length === 0 ? stored : "text";
  const rendered = renderBody(usable, raw);
  return { body: raw, format: usable, bodyHtml: rendered.html, bodyText: rendered.text };
}

/** A source's date as stored here (ISO-8601 UTC); `fallback` when it is missing or unreadable. */
export function importedDate(value: string | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const time = Date.parse(value);
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}
