import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiErrorBody, ValidationErrorItem } from "@forum/api/common";
import { httpErrorForDatabaseFailure, isDiskFull } from "./databaseErrors";
import { isApiRequest } from "../http/requestRoute";
import { HttpError, SignInRequiredError } from "./httpErrors";

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns an Ajv issue into API.md's `{field, code, message}` with a dotted path (`records[0].recordType`). */
export function toValidationItem(issue: AjvIssue, context: string | undefined): ValidationErrorItem {
  const segments = issue.instancePath.split("/").filter(Boolean);
  if (issue.keyword === "required" && typeof issue.params.missingProperty === "string") {
    segments.push(issue.params.missingProperty);
  }
  if (issue.keyword === "additionalProperties" && typeof issue.params.additionalProperty === "string") {
    segments.push(issue.params.additionalProperty);
  }
  const field = segments.reduce((path, segment) => {
    if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
    return path ? `${path}.${segment}` : segment;
  }, "");
  const label = field || (context === "body" ? "body" : (context ?? "request"));
  let message = `${label} ${issue.message ?? "is invalid"}.`;
  if (issue.keyword === "required") message = `${label} is required.`;
  if (issue.keyword === "additionalProperties") message = `${label} is not a valid field.`;
  return { field, code: issue.keyword, message, status: 422 };
}

function bodyFor(error: FastifyError | HttpError, debug: boolean): ApiErrorBody {
  if (error instanceof HttpError) return error.toBody();
  const databaseFailure = httpErrorForDatabaseFailure(error);
  if (databaseFailure) return databaseFailure.toBody();
  if (error.validation) {
    return {
      message: "Validation Failed",
      status: 422,
      errors: (error.validation as AjvIssue[]).map((issue) =>
        toValidationItem(issue, error.validationContext),
      ),
    };
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    return {
      message: "Something went wrong.",
      status,
      ...(debug && error.stack ? { trace: error.stack } : {}),
    };
  }
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
    return {
      message: "Unsupported Media Type",
      status: 415,
      description: "Send JSON with Content-Type application/json.",
    };
  }
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return { message: "The request body is not valid JSON.", status: 400 };
  }
  return { message: error.message, status };
}

/** The one error handler of API.md 1.9: typed errors, schema failures (422), and hidden text for 5xx. */
export type HtmlErrorRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
) => Promise<FastifyReply>;

/**
 * API calls get the JSON body; page requests get the HTML error page of SPEC 2 (when the viewer is known,
 * i.e. the failure did not happen while resolving the session).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  debug: boolean,
  renderHtml?: HtmlErrorRenderer,
): void {
  app.setErrorHandler(
    async (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
      const body = bodyFor(error, debug);
      // A full disk needs someone to make room: logged as an error, with the database's own failure.
      if (isDiskFull(error)) request.log.error({ err: error }, "request failed: the disk is full");
      else if (body.status === 503) request.log.warn({ err: error }, "request failed: service unavailable");
      else if (body.status >= 500) request.log.error({ err: error }, "request failed");
      if (body.status === 503) void reply.header("Retry-After", "1");
      const isPage = !isApiRequest(request) && Boolean(request.viewer);
      // A browser's form post accepts HTML: it gets the page too, not a JSON body.
      const wantsHtml =
        isPage && (request.method === "GET" || (request.headers.accept ?? "").includes("text/html"));
      if (isPage && error instanceof SignInRequiredError)
        return reply.redirect(
          `/entry/signin?Target=${encodeURIComponent(request.url)}`,
          request.method === "GET" ? 302 : 303,
        );
      if (renderHtml && wantsHtml) {
        try {
          return await renderHtml(request, reply, body.status);
        } catch (renderError) {
          request.log.error({ err: renderError }, "error page failed");
        }
      }
      return reply.status(body.status).type("application/json; charset=utf-8").send(body);
    },
  );
}
