import type { ApiErrorBody, ValidationErrorItem } from "@forum/api/common";

/** Base of every error a route may throw on purpose; the error handler turns it into API.md's body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ApiErrorBody, "message" | "status"> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): ApiErrorBody {
    return { message: this.message, status: this.status, ...this.extra };
  }
}

/** 404: "<Thing> not found." */
export class NotFoundError extends HttpError {
  constructor(thing: string) {
    super(404, `${thing} not found.`);
  }
}

/** 403 for a missing permission (guests included, as API.md 1.8 says). */
export class PermissionError extends HttpError {
  constructor(permissions: readonly string[], description?: string) {
    const names = [...permissions];
    super(403, "Permission Problem", {
      description:
        description ??
        (names.length === 1
          ? `You need the ${names[0]} permission to do that.`
          : `You need one of ${names.join(", ")} permissions to do that.`),
      permissions: names,
    });
  }
}

/** 403 that is not about a named permission (banned account, CSRF, closed registration). */
export class ForbiddenError extends HttpError {
  constructor(message: string, description?: string) {
    super(403, message, description === undefined ? {} : { description });
  }
}

/** 422 with one item per problem, keyed by a dotted field path. */
export class ValidationError extends HttpError {
  constructor(errors: ValidationErrorItem[], message = "Validation Failed") {
    super(422, message, { errors: errors.map((error) => ({ status: 422, ...error })) });
  }

  static field(field: string, message: string, code = "invalid"): ValidationError {
    return new ValidationError([{ field, message, code }]);
  }
}

/** 400: a business rule refused the request ("This discussion has been closed."). */
export class ClientError extends HttpError {
  constructor(message: string, description?: string) {
    super(400, message, description === undefined ? {} : { description });
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: string) {
    super(401, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class GoneError extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string) {
    super(429, message);
  }
}

/**
 * 403 for a guest where a page needs a member: pages answer with a redirect to sign-in (and back), API calls with
 * the 403 body. The one way a guard refuses: it throws, so nothing after it can run (a reply returned from a
 * helper and awaited is a thenable that resolves to undefined, which let refused requests write).
 */
export class SignInRequiredError extends PermissionError {
  constructor() {
    super(["session.valid"], "You need to sign in to do that.");
  }
}

/** 503: the database (or another service the request needs) cannot be reached right now; try again shortly. */
export class ServiceUnavailableError extends HttpError {
  constructor(message = "The service is unavailable. Try again in a moment.") {
    super(503, message);
  }
}
