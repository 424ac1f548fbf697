import type { AppContext } from "@library/server/app/appContext";
import { ValidationError } from "@library/server/errors/httpErrors";
import { sql } from "kysely";
import {
  TICK_TYPES,
  type AnalyticsDay,
  type AnalyticsReport,
  type AnalyticsReportQuery,
} from "../../api/analyticsApi";

/** The longest range a report covers. */
export const MAX_REPORT_DAYS = 366;
const DEFAULT_REPORT_DAYS = 30;
const TOP_SIZE = 10;
const VIEW_TYPES = TICK_TYPES.filter((type) => type.endsWith("_view"));
const DAY_MS = 24 * 3600 * 1000;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days of the range, oldest first; 422 for a range that is backwards or too long. */
export function reportDays(query: AnalyticsReportQuery, now = Date.now()): string[] {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS);
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  const toMs = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(fromMs) || Number.isNaN(toMs))
    throw ValidationError.field(Number.isNaN(fromMs) ? "from" : "to", "Give a date as YYYY-MM-DD.");
  if (fromMs > toMs) throw ValidationError.field("from", "The range must start on or before its end.");
  const count = (toMs - fromMs) / DAY_MS + 1;
  if (count > MAX_REPORT_DAYS)
    throw ValidationError.field("from", `A report covers at most ${MAX_REPORT_DAYS} days.`, "tooLong");
  return Array.from({ length: count }, (_, index) => dayOf(fromMs + index * DAY_MS));
}

/** Discussions and comments written per day, and by whom. */
async function postsByDay(context: AppContext, from: string, to: string) {
  const end = `${to}T99`;
  const day = sql<string>`substr("dateInserted", 1, 10)`;
  const [discussions, comments] = await Promise.all(
    (["discussions", "comments"] as const).map((table) =>
      context.db
        .selectFrom(table)
        .select([day.as("day"), "insertUserID", (eb) => eb.fn.countAll<number | string>().as("count")])
        .where("dateInserted", ">=", from)
        .where("dateInserted", "<", end)
        .groupBy([day, "insertUserID"])
        .execute(),
    ),
  );
  return [...(discussions ?? []), ...(comments ?? [])];
}

/** The dashboard's report: views, visitors, posts and active members per day, top discussions, empty searches. */
export async function analyticsReport(
  context: AppContext,
  query: AnalyticsReportQuery,
): Promise<AnalyticsReport> {
  const days = reportDays(query);
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const events = context.db.selectFrom("analyticsEvents").where("day", ">=", from).where("day", "<=", to);
  const [views, viewers, posts, top, searches, memberViews] = await Promise.all([
    events
      .select(["day", (eb) => eb.fn.countAll<number | string>().as("views")])
      .select(sql<number | string>`count(distinct "visitorKey")`.as("visitors"))
      .where("type", "=", "page_view")
      .groupBy("day")
      .execute(),
    events.select(["day", "userID"]).where("userID", "is not", null).groupBy(["day", "userID"]).execute(),
    postsByDay(context, from, to),
    events
      .innerJoin("discussions", "discussions.discussionID", "analyticsEvents.discussionID")
      .select([
        "discussions.discussionID",
        "discussions.name",
        (eb) => eb.fn.countAll<number | string>().as("views"),
      ])
      .where("analyticsEvents.type", "=", "discussion_view")
      .where("discussions.deleteLogID", "is", null)
      .groupBy(["discussions.discussionID", "discussions.name"])
      .orderBy("views", "desc")
      .orderBy("discussions.discussionID")
      .limit(TOP_SIZE)
      .execute(),
    events
      .select(["searchTerms", (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("type", "=", "search")
      .where("countResults", "=", 0)
      .where("searchTerms", "is not", null)
      .where("searchTerms", "!=", "")
      .groupBy("searchTerms")
      .orderBy("count", "desc")
      .orderBy("searchTerms")
      .limit(TOP_SIZE)
      .execute(),
    query.userID === undefined
      ? Promise.resolve(undefined)
      : events
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("userID", "=", query.userID)
          .where("type", "in", VIEW_TYPES)
          .executeTakeFirst(),
  ]);
  const active = new Map<string, Set<number>>();
  const addActive = (day: string, userID: number | null) => {
    if (userID === null || userID === 0) return;
    active.set(day, (active.get(day) ?? new Set()).add(userID));
  };
  for (const row of viewers) addActive(row.day, row.userID);
  const postCounts = new Map<string, number>();
  for (const row of posts) {
    addActive(row.day, row.insertUserID);
    postCounts.set(row.day, (postCounts.get(row.day) ?? 0) + Number(row.count));
  }
  const viewsByDay = new Map(views.map((row) => [row.day, row]));
  const series: AnalyticsDay[] = days.map((date) => ({
    date,
    views: Number(viewsByDay.get(date)?.views ?? 0),
    visitors: Number(viewsByDay.get(date)?.visitors ?? 0),
    posts: postCounts.get(date) ?? 0,
    activeMembers: active.get(date)?.size ?? 0,
  }));
  return {
    from,
    to,
    days: series,
    topDiscussions: top.map((row) => ({
      discussionID: row.discussionID,
      name: row.name,
      url: `/discussion/${row.discussionID}`,
      views: Number(row.views),
    })),
    searchesWithoutResults: searches.map((row) => ({
      terms: row.searchTerms ?? "",
      count: Number(row.count),
    })),
    ...(memberViews !== undefined && { memberViews: Number(memberViews.count) }),
  };
}
