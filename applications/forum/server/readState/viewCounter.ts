import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import { discussionViewsCountedElsewhere } from "@library/server/addons/discussionViewSource";
import type { AppContext } from "@library/server/app/appContext";
import type { Db, Dialect } from "@library/server/db/database";
import { perDatabase } from "@library/server/db/perDatabase";
import { statementBatches } from "@library/server/db/statementBatches";
import { writeTransaction } from "@library/server/db/writeTransaction";

/** How often counted views are added to the discussions (one transaction for all of them). */
export const VIEW_FLUSH_INTERVAL_MS = 1000;

/**
 * Discussion views are counted in memory and added to `countViews` about once a second, so a page view costs no
 * write on the request path however busy a thread is; a second's views of many discussions are a few statements.
 * Views still pending when the server stops are written at shutdown; a failed write keeps them for the next one.
 */
export class DiscussionViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly log: FastifyBaseLogger,
    /** True while an add-on counts the views instead (`claimDiscussionViewCounting`). */
    private readonly countedElsewhere: () => boolean = () => false,
  ) {}

  record(discussionID: number): void {
    if (this.countedElsewhere()) return;
    this.pending.set(discussionID, (this.pending.get(discussionID) ?? 0) + 1);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, VIEW_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Views counted and not yet written, by discussion. */
  pendingFor(discussionID: number): number {
    return this.pending.get(discussionID) ?? 0;
  }

  /** Adds every pending count in one transaction; resolves when it (and any write before it) is done. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.size === 0) return this.writing;
    const batch = [...this.pending].sort(([a], [b]) => a - b);
    this.pending = new Map();
    this.writing = this.writing.then(async () => {
      try {
        await writeTransaction(this.db, this.dialect, async (trx) => {
          // One statement per run of discussions (statementBatches.ts), not one per discussion.
          for (const run of statementBatches(batch)) {
            const added = sql.join(
              run.map(([discussionID, views]) => sql`when ${discussionID} then cast(${views} as integer)`),
              sql` `,
            );
            await trx
              .updateTable("discussions")
              .set({ countViews: sql`"countViews" + case "discussionID" ${added} end` })
              .where(
                "discussionID",
                "in",
                run.map(([discussionID]) => discussionID),
              )
              .execute();
          }
        });
      } catch (error) {
        this.log.error({ err: error }, "Counting discussion views failed; they are kept for the next write.");
        for (const [discussionID, views] of batch)
          this.pending.set(discussionID, (this.pending.get(discussionID) ?? 0) + views);
        if (!this.timer) {
          this.timer = setTimeout(() => {
            this.timer = null;
            void this.flush();
          }, VIEW_FLUSH_INTERVAL_MS);
          this.timer.unref();
        }
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
  }
}

const counters = perDatabase(
  (context) =>
    new DiscussionViewCounter(context.db, context.dialect, context.log, () =>
      discussionViewsCountedElsewhere(context),
    ),
);

/** The view counter of one app (each test app has its own). */
export function viewCounterOf(context: AppContext): DiscussionViewCounter {
  return counters.of(context);
}
