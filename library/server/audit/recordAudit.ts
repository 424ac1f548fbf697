import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";
import { nowIso } from "../http/dates";
import { describeAuditChanges, takeAuditSnapshot, type AuditSnapshot } from "./auditChanges";
import "./auditTables";

/** What each audited write looked like before it ran (taken in its preHandler). */
const snapshots = new WeakMap<FastifyRequest, AuditSnapshot>();

/** Holding any of these makes a member staff: their writes are audited. */
export const STAFF_PERMISSIONS = ["site.manage", "community.manage", "community.moderate", "curation.manage"];

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/**
 * Writes about one's own session and reading state are not moderation or administration, and a preview (of a
 * role's grants) writes nothing.
 */
const NOT_AUDITED = [/^\/api\/v2\/authenticate\//, /^\/api\/v2\/notifications/, /\/read$/, /\/preview$/];

/** `/api/v2/discussions/:id/bump` → `discussions.bump`; `/api/v2/roles` (POST) → `roles.post`. */
export function auditEventType(method: string, routePath: string): string {
  const parts = routePath
    .replace(/^\/api\/v2\//, "")
    .split("/")
    .filter((part) => part && !part.startsWith(":"));
  const record = parts[0] ?? "site";
  const action = parts.length > 1 ? parts.slice(1).join(".") : method.toLowerCase();
  return `${record}.${action}`;
}

/** `categories` → `category`, `discussions` → `discussion`, `media` → `media`. */
function singular(resource: string): string {
  if (resource.endsWith("ies")) return `${resource.slice(0, -3)}y`;
  return resource.replace(/s$/, "");
}

function recordOf(request: FastifyRequest, routePath: string): { type: string | null; id: number | null } {
  const record = routePath.replace(/^\/api\/v2\//, "").split("/")[0] ?? null;
  const params = request.params as Record<string, unknown> | undefined;
  const raw = params ? Object.entries(params).find(([name]) => /id$/i.test(name))?.[1] : undefined;
  const id =
    typeof raw === "string" && /^\d{1,10}$/.test(raw) ? Number(raw) : typeof raw === "number" ? raw : null;
  return { type: record ? singular(record) : null, id };
}

/**
 * Records one action of `request`'s viewer (who, what route, which record, from where, in what page context).
 * Routes that must leave a trace of a read (an export of another member's data) call it themselves.
 */
export async function writeAuditEntry(
  context: AppContext,
  request: FastifyRequest,
  status: number,
): Promise<void> {
  const routePath = request.routeOptions.url ?? "";
  const record = recordOf(request, routePath);
  const parent = request.auditLog;
  const eventType = auditEventType(request.method, routePath);
  const described = await describeAuditChanges(context, request, eventType, record, snapshots.get(request));
  await context.db
    .insertInto("auditLog")
    .values({
      eventType,
      method: request.method,
      path: routePath,
      recordType: record.type,
      recordID: record.id,
      userID: request.viewer.userID,
      ipAddress: request.ip || null,
      status,
      parentAuditLogID: parent?.parentAuditLogID ?? null,
      requestPath: parent?.requestPath ?? null,
      requestMethod: parent?.requestMethod ?? null,
      requestQuery: parent?.requestQuery ? JSON.stringify(parent.requestQuery) : null,
      dateInserted: nowIso(),
      recordName: described.recordName,
      changes: described.changes.length > 0 ? JSON.stringify(described.changes) : null,
    })
    .execute();
}

/**
 * One hook for the whole API: every successful write by staff is recorded as its answer is sent (who, what route,
 * which record by name, which fields changed from what to what, from where, in what page context), so new routes
 * are audited without code of their own. A refused or failed write records nothing.
 */
function isAudited(request: FastifyRequest): boolean {
  if (!WRITE_METHODS.has(request.method)) return false;
  const viewer = request.viewer;
  if (!viewer || viewer.isGuest || !viewer.has(STAFF_PERMISSIONS)) return false;
  const routePath = request.routeOptions.url ?? "";
  return routePath !== "" && !NOT_AUDITED.some((pattern) => pattern.test(routePath));
}

export function registerAuditLog(api: FastifyInstance, context: AppContext): void {
  // Before the handler: what the record (its roles, the settings named) looked like, for "old → new".
  api.addHook("preHandler", async (request: FastifyRequest) => {
    if (!isAudited(request)) return;
    const routePath = request.routeOptions.url ?? "";
    try {
      snapshots.set(
        request,
        await takeAuditSnapshot(
          context,
          request,
          auditEventType(request.method, routePath),
          recordOf(request, routePath),
        ),
      );
    } catch (error) {
      context.log.error({ err: error }, "Could not read the record before an audited write.");
    }
  });
  // Before the answer leaves: a client told its write succeeded finds it in the audit log (written after the
  // response, a read right after could miss it, and a crash in between lost it).
  api.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 400 || !isAudited(request)) return payload;
    try {
      await writeAuditEntry(context, request, reply.statusCode);
    } catch (error) {
      context.log.error({ err: error }, "Could not write the audit log entry.");
    }
    return payload;
  });
}
