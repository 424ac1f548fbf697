import type { ApiErrorBody, ValidationErrorItem } from "@forum/api/common";

export const GENERIC_ERROR_MESSAGE = "Something went wrong while contacting the server.";

/** Every failure the client sees, normalised once before it reaches a slice (SPEC 8). */
export interface ApiError {
  message: string;
  /** HTTP status; 0 when the request never got a response. */
  status: number;
  description?: string;
  /** Validation errors grouped by field. */
  errors: Record<string, ValidationErrorItem[]>;
  actionButton?: { label: string; url: string; target?: string };
  trace?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isValidationItem(value: unknown): value is ValidationErrorItem {
  return isRecord(value) && typeof value.field === "string" && typeof value.message === "string";
}

export function groupErrorsByField(
  items: readonly ValidationErrorItem[],
): Record<string, ValidationErrorItem[]> {
  const grouped: Record<string, ValidationErrorItem[]> = {};
  for (const item of items) {
    (grouped[item.field] ??= []).push(item);
  }
  return grouped;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    isRecord(value) &&
    typeof value.message === "string" &&
    typeof value.status === "number" &&
    isRecord(value.errors)
  );
}

/** Build an ApiError from a response body (any shape) and status. */
export function fromErrorBody(body: unknown, status: number): ApiError {
  const error: ApiError = { message: GENERIC_ERROR_MESSAGE, status, errors: {} };
  if (!isRecord(body)) return error;
  const typed = body as Partial<ApiErrorBody>;
  if (typeof typed.message === "string" && typed.message !== "") error.message = typed.message;
  if (typeof typed.description === "string") error.description = typed.description;
  if (Array.isArray(typed.errors)) error.errors = groupErrorsByField(typed.errors.filter(isValidationItem));
  if (
    isRecord(typed.actionButton) &&
    typeof typed.actionButton.label === "string" &&
    typeof typed.actionButton.url === "string"
  ) {
    error.actionButton = { ...typed.actionButton };
  }
  if (typeof typed.trace === "string") error.trace = typed.trace;
  return error;
}

/** An axios failure, recognised by its marker (importing axios here would put it in every page's bundle). */
function isAxiosError(value: unknown): value is { response?: { data: unknown; status: number } } {
  return isRecord(value) && value.isAxiosError === true;
}

/** Normalise anything thrown (axios error, ApiError, Error, string) into one ApiError. */
export function toApiError(thrown: unknown): ApiError {
  if (isApiError(thrown)) return thrown;
  if (isAxiosError(thrown)) {
    const response = thrown.response;
    if (!response) return { message: GENERIC_ERROR_MESSAGE, status: 0, errors: {} };
    return fromErrorBody(response.data, response.status);
  }
  if (thrown instanceof Error && thrown.message) {
    return { message: thrown.message, status: 0, errors: {} };
  }
  return { message: GENERIC_ERROR_MESSAGE, status: 0, errors: {} };
}

/** The first message for a field, or undefined. */
export function fieldError(error: ApiError | null | undefined, field: string): string | undefined {
  return error?.errors[field]?.[0]?.message;
}
