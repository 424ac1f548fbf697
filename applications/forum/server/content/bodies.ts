import type { BodyFormat } from "@forum/api/rich2";
import { ValidationError } from "@library/server/errors/httpErrors";
import { renderBody, validateBody } from "@library/server/formats/renderBody";

/** Most plain-text characters in a post (API.md 7.5 / 8.4: `Vanilla.Comment.MaxLength`). */
export const BODY_MAX_LENGTH = 8000;

export interface StoredBody {
  body: string;
  format: BodyFormat;
  bodyHtml: string;
  bodyText: string;
}

/** Validates a raw body (422 keyed "body"/"format") and renders it once, for storing with the raw text. */
export function prepareBody(format: BodyFormat, raw: string): StoredBody {
  const errors = validateBody(format, raw, { maxLength: BODY_MAX_LENGTH });
  if (errors.length > 0) throw new ValidationError(errors);
  const rendered = renderBody(format, raw);
  return { body: raw, format, bodyHtml: rendered.html, bodyText: rendered.text };
}

/** `bodyRaw` of the quote endpoints: parsed JSON for rich2, the raw string otherwise (API.md 7.8). */
export function quoteBodyRaw(format: string, raw: string): unknown {
  if (format !== "rich2") return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Seconds since an ISO date. */
export function secondsSince(iso: string, now = Date.now()): number {
  return (now - new Date(iso).getTime()) / 1000;
}

/** The edit window of SPEC 5 (`ui.editContentTimeout` seconds, -1 = no limit). */
export function withinEditWindow(dateInserted: string, timeoutSeconds: number): boolean {
  return timeoutSeconds < 0 || secondsSince(dateInserted) <= timeoutSeconds;
}
