import { BODY_FORMATS, type BodyFormat } from "@forum/api/rich2";
import type { ValidationErrorItem } from "@forum/api/common";
import { renderMarkdown } from "./markdown/renderMarkdown";
import type { RenderedBody } from "./renderedBody";
import { renderRich2 } from "./rich2/renderRich2";
import { sanitizeHtmlDetailed } from "./sanitizeHtml";
import { renderText } from "./text/renderText";

export type { RenderedBody } from "./renderedBody";

export function isBodyFormat(format: string): format is BodyFormat {
  return (BODY_FORMATS as readonly string[]).includes(format);
}

/**
 * Renders a raw body once, at write time (DESIGN), to sanitised HTML plus its plain text, mentions and
 * images. A body that is not valid in its format (checked first by `validateBody`) is shown as plain text.
 */
export function renderBody(format: BodyFormat, raw: string): RenderedBody {
  switch (format) {
    case "rich2": {
      const rendered = renderRich2(raw);
      if (rendered === null) return renderText(raw);
      const { truncated: _truncated, ...body } = rendered;
      return body;
    }
    case "markdown":
      return renderMarkdown(raw);
    case "wysiwyg":
      return sanitizeHtmlDetailed(raw, { linkMentions: true });
    case "text":
      return renderText(raw);
    default:
      return renderText(raw);
  }
}

export interface ValidateBodyOptions {
  /** Most plain-text characters allowed (API.md: `Vanilla.Comment.MaxLength`, default 8000). */
  maxLength?: number;
}

const invalidRich2: ValidationErrorItem = {
  field: "body",
  code: "invalidRich2",
  message: "The body is not a valid rich2 document.",
  status: 422,
};

/** The 422 items for a body in a format; empty when it may be saved. */
export function validateBody(
  format: string,
  raw: string,
  { maxLength = 8000 }: ValidateBodyOptions = {},
): ValidationErrorItem[] {
  if (!isBodyFormat(format)) {
    const message = `format must be one of: ${BODY_FORMATS.join(", ")}.`;
    return [{ field: "format", code: "enum", message, status: 422 }];
  }
  let body: RenderedBody;
  if (format === "rich2") {
    const rendered = renderRich2(raw);
    if (rendered === null || rendered.truncated) return [invalidRich2];
    body = rendered;
  } else {
    body = renderBody(format, raw);
  }
  if (body.text === "" && body.images.length === 0) {
    return [{ field: "body", code: "required", message: "body is required.", status: 422 }];
  }
  if (body.text.length > maxLength) {
    const message = `body must be at most ${maxLength} characters (it has ${body.text.length}).`;
    return [{ field: "body", code: "maxLength", message, status: 422 }];
  }
  return [];
}

/** A plain-text excerpt of at most `length` characters, cut at a word boundary and ended with "…". */
export function excerptOf(text: string, length = 325): string {
  const flat = flatStart(text, length + 1);
  if (flat.length <= length) return flat;
  const limit = Math.max(0, length - 1);
  let cut = flat.slice(0, limit);
  if (flat[limit] !== " ") {
    const space = cut.lastIndexOf(" ");
    if (space > 0) cut = cut.slice(0, space);
  }
  cut = cut.replace(/[\s,.;:!?-]+$/, "").replace(/[\ud800-\udbff]$/, "");
  return `${cut}…`;
}

/**
 * `text` with each run of white space as one space and none at either end: all of it, or its first `wanted`
 * characters when it has more. An excerpt flattens only the start it shows, not a long body (a discussion page
 * writes one for its description).
 */
function flatStart(text: string, wanted: number): string {
  for (let take = wanted * 2; take < text.length; take *= 2) {
    const flat = text.slice(0, take).replace(/\s+/g, " ").trimStart();
    // Only the last character can differ from the whole text's (a run of white space that ends the text).
    if (flat.length > wanted) return flat.slice(0, wanted);
  }
  return text.replace(/\s+/g, " ").trim();
}
