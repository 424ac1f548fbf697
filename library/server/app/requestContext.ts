import type { Translate } from "../i18n/translate";
import type { Viewer } from "../permissions/viewer";

/** Audit-log context a page passes along with its API calls (API.md 1.2); kept with the request. */
export interface AuditLogContext {
  parentAuditLogID: string;
  requestPath: string | null;
  requestMethod: string | null;
  requestQuery: Record<string, unknown> | null;
}

declare module "fastify" {
  interface FastifyRequest {
    viewer: Viewer;
    /** True when the request was authenticated with `Authorization: Bearer`. */
    bearerAuth: boolean;
    auditLog: AuditLogContext | null;
    /** `t()` in the reader's language, for strings a person reads. */
    t: Translate;
    /** The reader's language (`en`, `fr`): their stored choice, their cookie or the site's (library/server/i18n). */
    locale: string;
    /** The origin links in this answer use (`SITE_URL`, the stored origin, else the request's own). */
    siteOrigin: string | null;
  }
}

function header(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 2000 ? first : null;
}

export function readAuditLogHeaders(
  headers: Record<string, string | string[] | undefined>,
): AuditLogContext | null {
  const id = header(headers["x-parent-audit-log-id"]);
  if (!id) return null;
  let query: Record<string, unknown> | null = null;
  const rawQuery = header(headers["x-parent-audit-log-request-query"]);
  if (rawQuery) {
    try {
      const parsed: unknown = JSON.parse(rawQuery);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        query = parsed as Record<string, unknown>;
    } catch {
      // API.md 1.2: invalid JSON is ignored.
    }
  }
  return {
    parentAuditLogID: id,
    requestPath: header(headers["x-parent-audit-log-request-path"]),
    requestMethod: header(headers["x-parent-audit-log-request-method"]),
    requestQuery: query,
  };
}
