import { ClientError } from "../errors/httpErrors";

export const FORM_SHAPE_ERROR = "The form could not be read: send each field once, as text.";

/**
 * A page's form post is a flat set of text fields. A field sent twice (`username=a&username=b` parses to an
 * array) or a JSON body with other values is refused with 400 before any handler reads it as a string.
 */
export function requireFlatForm(body: unknown): void {
  if (body === undefined || body === null) return;
  if (typeof body !== "object" || Array.isArray(body)) throw new ClientError(FORM_SHAPE_ERROR);
  for (const value of Object.values(body as Record<string, unknown>))
    if (typeof value !== "string") throw new ClientError(FORM_SHAPE_ERROR);
}
