import {
  AuditLogEntrySchema,
  AuditLogQuerySchema,
  DashboardSectionSchema,
  JobCountsSchema,
  JobListQuerySchema,
  JobSchema,
  MailOutboxItemSchema,
  PagingQuerySchema,
} from "@forum/api/dashboard";
import type { AppContext } from "@library/server/app/appContext";
import type { AuditChange } from "@library/server/audit/auditChanges";
import { ClientError, NotFoundError } from "@library/server/errors/httpErrors";
import { toApiDate } from "@library/server/http/dates";
import { setPagingHeaders } from "@library/server/http/pagination";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { countJobsByStatus, listJobs, retryJob } from "@library/server/jobs/jobsAdmin";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { SelectQueryBuilder } from "kysely";
import type { Database } from "@library/server/db/database";

/** `COUNT(*)` of a filtered table, for the numbered pager. */
async function countRows(query: SelectQueryBuilder<Database, keyof Database, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirst();
  return Number(row?.total ?? 0);
}

const IDParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** The start of the day after `date` (YYYY-MM-DD, UTC), as stored dates are written. */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 19);
}

/**
 * The dashboard's own API (site.manage): its sections, the mail outbox, the job queue and the audit log.
 * Lists are newest first and paged with the API.md 1.7 headers.
 */
export function adminRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/dashboard/sections",
    { schema: { response: { 200: Type.Array(DashboardSectionSchema) } } },
    async (request) => {
      request.viewer.require("session.valid");
      return context.dashboard.visibleTo(request.viewer, request.t);
    },
  );

  routes.get(
    "/mail-outbox",
    { schema: { querystring: PagingQuerySchema, response: { 200: Type.Array(MailOutboxItemSchema) } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 30;
      const [rows, total] = await Promise.all([
        context.db
          .selectFrom("mailOutbox")
          .selectAll()
          .orderBy("mailID", "desc")
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        countRows(context.db.selectFrom("mailOutbox")),
      ]);
      setPagingHeaders(request, reply, { page, limit, total }, context.config.siteUrl);
      return rows.map((row) => ({
        ...row,
        dateInserted: toApiDate(row.dateInserted),
        dateSent: toApiDate(row.dateSent),
      }));
    },
  );

  routes.get(
    "/jobs",
    { schema: { querystring: JobListQuerySchema, response: { 200: Type.Array(JobSchema) } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 30;
      const status = request.query.status;
      const [rows, total] = await Promise.all([
        listJobs(context.db, { page, limit, ...(status ? { status } : {}) }),
        countRows(
          status ? context.db.selectFrom("jobs").where("status", "=", status) : context.db.selectFrom("jobs"),
        ),
      ]);
      setPagingHeaders(request, reply, { page, limit, total }, context.config.siteUrl);
      return rows.map((row) => ({
        jobID: row.jobID,
        name: row.name,
        owner: row.owner,
        status: row.status,
        attempts: row.attempts,
        maxAttempts: row.maxAttempts,
        runAt: toApiDate(row.runAt),
        lastError: row.lastError,
        dateInserted: toApiDate(row.dateInserted),
        dateCompleted: toApiDate(row.dateCompleted),
      }));
    },
  );

  routes.get("/jobs/counts", { schema: { response: { 200: JobCountsSchema } } }, async (request) => {
    request.viewer.require("site.manage");
    return countJobsByStatus(context.db);
  });

  routes.post(
    "/jobs/:id/retry",
    { schema: { params: IDParams, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      const exists = await context.db
        .selectFrom("jobs")
        .select("status")
        .where("jobID", "=", request.params.id)
        .executeTakeFirst();
      if (!exists) throw new NotFoundError("Job");
      if (!(await retryJob(context.db, request.params.id)))
        throw new ClientError("Only failed and dead jobs can be retried.");
      return reply.code(204).send();
    },
  );

  routes.get(
    "/audit-logs",
    { schema: { querystring: AuditLogQuerySchema, response: { 200: Type.Array(AuditLogEntrySchema) } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      const { userID, actor, eventType, recordType, dateFrom, dateTo } = request.query;
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 30;
      let filtered = context.db.selectFrom("auditLog");
      if (userID) filtered = filtered.where("auditLog.userID", "=", userID);
      if (actor)
        filtered = filtered.where("auditLog.userID", "in", (eb) =>
          eb.selectFrom("users").select("users.userID").where("users.name", "=", actor),
        );
      if (dateFrom) filtered = filtered.where("auditLog.dateInserted", ">=", `${dateFrom}T00:00:00`);
      if (dateTo) filtered = filtered.where("auditLog.dateInserted", "<", nextDay(dateTo));
      if (eventType) filtered = filtered.where("auditLog.eventType", "=", eventType);
      if (recordType) filtered = filtered.where("auditLog.recordType", "=", recordType);
      const [rows, total] = await Promise.all([
        filtered
          .leftJoin("users", "users.userID", "auditLog.userID")
          .selectAll("auditLog")
          .select("users.name as userName")
          .orderBy("auditLog.auditLogID", "desc")
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        countRows(filtered),
      ]);
      setPagingHeaders(request, reply, { page, limit, total }, context.config.siteUrl);
      return rows.map((row) => ({
        auditLogID: row.auditLogID,
        eventType: row.eventType,
        method: row.method,
        path: row.path,
        recordType: row.recordType,
        recordID: row.recordID,
        userID: row.userID,
        userName: row.userName,
        ipAddress: row.ipAddress,
        status: row.status,
        parentAuditLogID: row.parentAuditLogID,
        requestPath: row.requestPath,
        dateInserted: toApiDate(row.dateInserted),
        recordName: row.recordName,
        changes: row.changes ? (JSON.parse(row.changes) as AuditChange[]) : [],
      }));
    },
  );
}
