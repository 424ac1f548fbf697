import { MESSAGE_MAX_LENGTH } from "../../api/conversationsApi";
import type { BodyFormat } from "@forum/api/rich2";
import { ValidationError } from "@library/server/errors/httpErrors";
import { renderBody, validateBody } from "@library/server/formats/renderBody";

export interface StoredMessageBody {
  body: string;
  format: BodyFormat;
  bodyHtml: string;
  bodyText: string;
}

/**
 * Validates a message body (1–2000 plain-text characters, API.md 12) and renders it once for storing. Errors
 * are keyed by the request's own field names (`body`/`format`, or `initialBody`/`initialFormat`).
 */
export function prepareMessageBody(
  format: BodyFormat,
  raw: string,
  fields: { body: string; format: string } = { body: "body", format: "format" },
): StoredMessageBody {
  const errors = validateBody(format, raw, { maxLength: MESSAGE_MAX_LENGTH });
  if (errors.length > 0)
    throw new ValidationError(
      errors.map((error) => ({
        ...error,
        field: error.field === "format" ? fields.format : fields.body,
        message: error.message.replace(/^body\b/, fields.body),
      })),
    );
  const rendered = renderBody(format, raw);
  return { body: raw, format, bodyHtml: rendered.html, bodyText: rendered.text };
}
