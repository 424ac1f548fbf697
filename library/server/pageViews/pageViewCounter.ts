import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppContext } from "../app/appContext";
import type { Db, DbOrTx, Dialect } from "../db/database";
import { perDatabase } from "../db/perDatabase";
import { writeTransaction } from "../db/writeTransaction";

/** How often counted page views are added to the day's row (one write for all of them). */
export const PAGE_VIEW_FLUSH_INTERVAL_MS = 1000;

/** The table (created by the dashboard application's migrations). */
interface PageViewsDailyTable {
  /** UTC date, `2026-11-25`. */
  day: string;
  views: number;
}

declare module "../db/database" {
  interface Database {
    pageViewsDaily: PageViewsDailyTable;
  }
}

/**
 * Pages served are counted in memory, per UTC day, and added to `pageViewsDaily` about once a second (like the
 * discussion view counter), so a page view costs no write on the request path. Several processes add to the
 * same row (an upsert). Views still pending at shutdown are written then; a failed write keeps them.
 */
export class PageViewCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** How long counts wait for their batch write. */
  flushIntervalMs = PAGE_VIEW_FLUSH_INTERVAL_MS;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(now = new Date()): void {
    const day = now.toISOString().slice(0, 10);
    this.pending.set(day, (this.pending.get(day) ?? 0) + 1);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushIntervalMs);
    this.timer.unref();
  }

  /** Adds every pending count; resolves when it (and any write before it) is done. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.size === 0) return this.writing;
    const batch = [...this.pending].sort(([a], [b]) => a.localeCompare(b));
    this.pending = new Map();
    this.writing = this.writing.then(async () => {
      try {
        await writeTransaction(this.db, this.dialect, async (trx) => {
          for (const [day, views] of batch)
            await trx
              .insertInto("pageViewsDaily")
              .values({ day, views })
              .onConflict((conflict) =>
                conflict
                  .column("day")
                  .doUpdateSet({ views: sql`${sql.ref("pageViewsDaily.views")} + ${views}` }),
              )
              .execute();
        });
      } catch (error) {
        this.log.error({ err: error }, "Counting page views failed; they are kept for the next write.");
        for (const [day, views] of batch) this.pending.set(day, (this.pending.get(day) ?? 0) + views);
        this.schedule();
      }
    });
    return this.writing;
  }
}

const counters = perDatabase((context) => new PageViewCounter(context.db, context.dialect, context.log));

export function pageViewCounterOf(context: AppContext): PageViewCounter {
  return counters.of(context);
}

/**
 * Counts every page (not API call or file) answered with 200: a GET whose answer is HTML. Pending counts are
 * written when the server closes.
 */
export function countPageViews(app: FastifyInstance, context: AppContext): void {
  const counter = pageViewCounterOf(context);
  app.addHook("onResponse", async (request, reply) => {
    if (request.method !== "GET" || reply.statusCode !== 200 || context.warmingUp) return;
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) counter.record();
  });
  app.addHook("onClose", async () => {
    await counter.flush();
  });
}

/** Page views per UTC day since `sinceDay` (inclusive). */
export async function pageViewsByDay(db: DbOrTx, sinceDay: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom("pageViewsDaily").selectAll().where("day", ">=", sinceDay).execute();
  return new Map(rows.map((row) => [row.day, Number(row.views)]));
}
