import { ActivityDaySchema, ActivityQuerySchema, type ActivityDay } from "@forum/api/dashboard";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { pageViewsByDay } from "@library/server/pageViews/pageViewCounter";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC dates from `days - 1` days ago to today, oldest first. */
export function activityDates(days: number, now = Date.now()): string[] {
  return Array.from({ length: days }, (_, index) =>
    new Date(now - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

type CountedTable = "discussions" | "comments" | "users";

/** Rows made per UTC day since `since` (dates are stored as ISO text, so the day is its first ten characters). */
async function countByDay(db: DbOrTx, table: CountedTable, since: string): Promise<Map<string, number>> {
  const day = sql<string>`substr(${sql.ref(`${table}.dateInserted`)}, 1, 10)`;
  let query = db
    .selectFrom(table)
    .select([day.as("day"), sql<number>`count(*)`.as("count")])
    .where(`${table}.dateInserted`, ">=", since);
  if (table === "users") query = query.where("users.deleted", "=", 0);
  else query = query.where(`${table}.deleteLogID`, "is", null);
  const rows = await query.groupBy(day).execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/**
 * `GET /dashboard/activity?days=30` (community.manage or site.manage): new discussions, comments and members, and
 * pages served, per day for the dashboard's charts, every day present (0 when quiet). Deleted posts and members
 * are left out.
 */
export function activityRoutes(api: FastifyInstance, context: AppContext): void {
  typedRoutes(api).get(
    "/dashboard/activity",
    { schema: { querystring: ActivityQuerySchema, response: { 200: Type.Array(ActivityDaySchema) } } },
    async (request): Promise<ActivityDay[]> => {
      request.viewer.require(["community.manage", "site.manage"]);
      const dates = activityDates(request.query.days ?? 30);
      const since = `${dates[0] ?? ""}T00:00:00`;
      const [discussions, comments, members, pageViews] = await Promise.all([
        countByDay(context.db, "discussions", since),
        countByDay(context.db, "comments", since),
        countByDay(context.db, "users", since),
        pageViewsByDay(context.db, dates[0] ?? ""),
      ]);
      return dates.map((date) => ({
        date,
        discussions: discussions.get(date) ?? 0,
        comments: comments.get(date) ?? 0,
        members: members.get(date) ?? 0,
        pageViews: pageViews.get(date) ?? 0,
      }));
    },
  );
}
