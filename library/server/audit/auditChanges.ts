import { sql } from "kysely";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";
import { getSettingDefinition } from "../settings/settingsRegistry";
import { userRoleNames } from "../users/userRoleNames";

/** One field an audited write changed; lists (a member's roles) are written as names joined by ", ". */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** Where a record type's rows and names live (tables of any application; a missing table names nothing). */
const RECORD_TABLES: Record<string, { table: string; id: string }> = {
  discussion: { table: "discussions", id: "discussionID" },
  category: { table: "categories", id: "categoryID" },
  comment: { table: "comments", id: "commentID" },
  user: { table: "users", id: "userID" },
  role: { table: "roles", id: "roleID" },
  tag: { table: "tags", id: "tagID" },
};

/** Columns never listed as changes: bookkeeping, secrets and counters. */
const IGNORED_FIELDS = /^(date\w*|\w*UserID|count\w*|password\w*|hashMethod|confirmationCode|\w*Token\w*)$/i;

const MAX_VALUE_LENGTH = 200;

type Row = Record<string, unknown>;

/** What a write looked like before it ran, taken in the preHandler of an audited staff write. */
export interface AuditSnapshot {
  row: Row | null;
  roles: string[] | null;
  settings: Record<string, unknown> | null;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const out = typeof value === "string" ? value : JSON.stringify(value);
  return out.length > MAX_VALUE_LENGTH ? `${out.slice(0, MAX_VALUE_LENGTH - 1)}…` : out;
}

async function readRow(context: AppContext, type: string | null, id: number | null): Promise<Row | null> {
  const where = type ? RECORD_TABLES[type] : undefined;
  if (!where || id === null) return null;
  try {
    const result =
      await sql<Row>`select * from ${sql.table(where.table)} where ${sql.ref(where.id)} = ${id}`.execute(
        context.db,
      );
    return result.rows[0] ?? null;
  } catch {
    // The table belongs to an application or add-on that is not installed here.
    return null;
  }
}

function bodyKeys(request: FastifyRequest): string[] {
  const body = request.body;
  return body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : [];
}

function isSettingsWrite(eventType: string): boolean {
  return eventType === "config.patch";
}

async function settingValues(context: AppContext, keys: string[]): Promise<Record<string, unknown>> {
  const all = await context.settings.all();
  return Object.fromEntries(keys.filter((key) => key in all).map((key) => [key, all[key]]));
}

/** Reads what the write may change: the record's row, a member's roles, the settings named in the body. */
export async function takeAuditSnapshot(
  context: AppContext,
  request: FastifyRequest,
  eventType: string,
  record: { type: string | null; id: number | null },
): Promise<AuditSnapshot> {
  if (isSettingsWrite(eventType))
    return { row: null, roles: null, settings: await settingValues(context, bodyKeys(request)) };
  const row = request.method === "POST" ? null : await readRow(context, record.type, record.id);
  const roles =
    record.type === "user" && record.id !== null ? await userRoleNames(context.db, record.id) : null;
  return { row, roles, settings: null };
}

/** A setting the API never reads out (a password) shows as changed, never with its value. */
function settingText(key: string, value: unknown): string | null {
  return getSettingDefinition(key)?.read === "none" ? (value ? "••••" : "") : text(value);
}

/** After the write: the record's name now and every field that differs from the snapshot. */
export async function describeAuditChanges(
  context: AppContext,
  request: FastifyRequest,
  eventType: string,
  record: { type: string | null; id: number | null },
  snapshot: AuditSnapshot | undefined,
): Promise<{ recordName: string | null; changes: AuditChange[] }> {
  const changes: AuditChange[] = [];
  if (snapshot?.settings) {
    const keys = Object.keys(snapshot.settings);
    context.settings.expire();
    const after = await settingValues(context, keys);
    for (const key of keys) {
      if (JSON.stringify(snapshot.settings[key]) === JSON.stringify(after[key])) continue;
      changes.push({
        field: key,
        before: settingText(key, snapshot.settings[key]),
        after: settingText(key, after[key]),
      });
    }
    return { recordName: null, changes };
  }
  const row = await readRow(context, record.type, record.id);
  if (snapshot?.row && row) {
    const named = new Set(bodyKeys(request));
    for (const [field, value] of Object.entries(row)) {
      if (IGNORED_FIELDS.test(field) || !named.has(field)) continue;
      const before = snapshot.row[field];
      if (JSON.stringify(before) === JSON.stringify(value)) continue;
      changes.push({ field, before: text(before), after: text(value) });
    }
  }
  if (snapshot?.roles && record.id !== null) {
    const after = await userRoleNames(context.db, record.id);
    if (after.join("\n") !== snapshot.roles.join("\n"))
      changes.push({ field: "roles", before: snapshot.roles.join(", "), after: after.join(", ") });
  }
  const name = row?.name ?? snapshot?.row?.name;
  return { recordName: typeof name === "string" ? name : null, changes };
}
