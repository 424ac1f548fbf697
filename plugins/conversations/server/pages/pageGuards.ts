import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError, SignInRequiredError, type HttpError } from "@library/server/errors/httpErrors";
import type { FastifyRequest } from "fastify";
import { conversationsEnabled } from "../conversations/conversationAccess";
import type { FieldErrors } from "./conversationFragments";

/**
 * The checks every conversations page starts with: 404 while conversations are disabled, guests to sign-in.
 * Refuses by throwing (the error handler answers with the error page or the sign-in redirect), so the handler
 * after it never runs on a refused request.
 */
export async function guardConversationPage(context: AppContext, request: FastifyRequest): Promise<void> {
  if (!(await conversationsEnabled(context))) throw new NotFoundError("Page");
  if (request.viewer.isGuest) throw new SignInRequiredError();
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
