import type { AppContext } from "@library/server/app/appContext";
import type { HttpError } from "@library/server/errors/httpErrors";
import { sendErrorPage } from "@library/server/pages/errorPages";
import type { FastifyReply, FastifyRequest } from "fastify";
import { conversationsEnabled } from "../conversations/conversationAccess";
import type { FieldErrors } from "./conversationFragments";

/**
 * The checks every conversations page starts with: 404 while conversations are disabled, guests to sign-in.
 * Returns the reply already sent, or null to go on.
 */
export async function guardConversationPage(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | null> {
  if (!(await conversationsEnabled(context))) return sendErrorPage(context.pages, request, reply, 404);
  if (request.viewer.isGuest)
    return reply.redirect(`/entry/signin?Target=${encodeURIComponent(request.url)}`);
  return null;
}

/** Errors of a refused form post, by field ("" for the whole form). */
export function formErrors(error: HttpError, fieldNames: Record<string, string> = {}): FieldErrors {
  const body = error.toBody();
  if (!body.errors?.length) return { "": [body.description ?? body.message] };
  const errors: FieldErrors = {};
  for (const item of body.errors) {
    const field = fieldNames[item.field] ?? item.field;
    errors[field] = [...(errors[field] ?? []), item.message];
  }
  return errors;
}

export function isPageNumber(value: string | undefined): boolean {
  return value === undefined || /^\d{1,6}$/.test(value);
}
