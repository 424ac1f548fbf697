import type { FastifyBaseLogger } from "fastify";
import { sql } from "kysely";
import type { AppContext } from "@library/server/app/appContext";
import type { Db, DbOrTx, Dialect } from "@library/server/db/database";
import { perDatabase } from "@library/server/db/perDatabase";
import { statementBatches } from "@library/server/db/statementBatches";
import { writeTransaction } from "@library/server/db/writeTransaction";

/** How far a member has read a discussion: comments seen in date order, the last of them, and when. */
export interface ReadPosition {
  countCommentsRead: number;
  lastReadCommentID: number | null;
  dateLastViewed: string;
}

interface PendingRead extends ReadPosition {
  userID: number;
  discussionID: number;
}

/** How often pending read positions are written (one transaction for all of them). */
export const READ_FLUSH_INTERVAL_MS = 1000;
/** Past this many pending positions a write starts at once. */
const READ_FLUSH_BATCH = 500;

function keyOf(userID: number, discussionID: number): string {
  return `${userID}:${discussionID}`;
}

/** The furthest of two positions; a later view date always wins. */
export function furthestPosition(current: ReadPosition | undefined, next: ReadPosition): ReadPosition {
  if (!current) return next;
  const further = next.countCommentsRead >= current.countCommentsRead ? next : current;
  return {
    countCommentsRead: further.countCommentsRead,
    lastReadCommentID: further.lastReadCommentID ?? current.lastReadCommentID,
    dateLastViewed:
      next.dateLastViewed > current.dateLastViewed ? next.dateLastViewed : current.dateLastViewed,
  };
}

/**
 * Read positions wait here and are written together, about once a second, instead of one write per page view:
 * a member reading a thread costs no write on the request path. The process that served a page also overlays
 * its own pending positions on what it reads, so a member sees their own reading at once; other processes see
 * it after the next write. Positions only move forward (a write never lowers what another process stored).
 */
export class ReadStateBuffer {
  private pending = new Map<string, PendingRead>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(userID: number, discussionID: number, position: ReadPosition): void {
    if (userID <= 0) return;
    const key = keyOf(userID, discussionID);
    const merged = furthestPosition(this.pending.get(key), position);
    // Written out, not spread before new fields: one per page view (docs/performance.md).
    this.pending.set(key, {
      countCommentsRead: merged.countCommentsRead,
      lastReadCommentID: merged.lastReadCommentID,
      dateLastViewed: merged.dateLastViewed,
      userID,
      discussionID,
    });
    if (this.pending.size >= READ_FLUSH_BATCH) void this.flush();
    else this.schedule();
  }

  /** The pending (not yet written) position of a member in a discussion. */
  pendingFor(userID: number, discussionID: number): ReadPosition | undefined {
    return this.pending.get(keyOf(userID, discussionID));
  }

  /** How many positions wait to be written. */
  get size(): number {
    return this.pending.size;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, READ_FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Writes every pending position in one transaction; resolves when it (and any write before it) is done. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = [...this.pending.values()];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      try {
        await this.write(batch);
        for (const read of batch) {
          const key = keyOf(read.userID, read.discussionID);
          if (this.pending.get(key) === read) this.pending.delete(key);
        }
      } catch (error) {
        this.log.error({ err: error }, "Writing read positions failed; they are kept for the next write.");
        this.schedule();
      }
    });
    return this.writing;
  }

  private async write(batch: readonly PendingRead[]): Promise<void> {
    const sorted = [...batch].sort((a, b) => a.discussionID - b.discussionID || a.userID - b.userID);
    await writeTransaction(this.db, this.dialect, async (trx) => {
      // One statement per run of positions (statementBatches.ts), not one per member and discussion.
      for (const run of statementBatches(sorted)) {
        // Values bound, not written into the text: one text per run length, prepared once (a text per member and
        // position filled SQLite's statement cache and pushed hot reads out). VALUES names its columns column1…
        // on both databases; the casts give PostgreSQL their types.
        const positions = sql.join(
          run.map(
            (read) =>
              sql`(cast(${read.userID} as integer), cast(${read.discussionID} as integer), ${read.dateLastViewed}, cast(${read.countCommentsRead} as integer), cast(${read.lastReadCommentID} as integer))`,
          ),
        );
        await trx
          .insertInto("userDiscussions")
          .columns([
            "userID",
            "discussionID",
            "bookmarked",
            "dismissed",
            "muted",
            "dateLastViewed",
            "countCommentsRead",
            "lastReadCommentID",
          ])
          // Joined to discussions: a discussion deleted meanwhile is skipped, not a foreign-key error. SQLite needs
          // the WHERE to read the ON CONFLICT after a join as the upsert's.
          .expression(
            sql`select "position".column1, "discussions"."discussionID", 0, 0, 0, "position".column3, "position".column4, "position".column5 from (values ${positions}) as "position" inner join "discussions" on "discussions"."discussionID" = "position".column2 where true`,
          )
          .onConflict((conflict) =>
            conflict.columns(["userID", "discussionID"]).doUpdateSet({
              dateLastViewed: sql`CASE WHEN "userDiscussions"."dateLastViewed" IS NULL OR excluded."dateLastViewed" > "userDiscussions"."dateLastViewed" THEN excluded."dateLastViewed" ELSE "userDiscussions"."dateLastViewed" END`,
              lastReadCommentID: sql`CASE WHEN excluded."countCommentsRead" >= "userDiscussions"."countCommentsRead" AND excluded."lastReadCommentID" IS NOT NULL THEN excluded."lastReadCommentID" ELSE "userDiscussions"."lastReadCommentID" END`,
              countCommentsRead: sql`CASE WHEN excluded."countCommentsRead" > "userDiscussions"."countCommentsRead" THEN excluded."countCommentsRead" ELSE "userDiscussions"."countCommentsRead" END`,
            }),
          )
          .execute();
      }
    });
  }

  /** Stops the timer and writes what is pending (server shutdown). */
  async close(): Promise<void> {
    await this.flush();
  }
}

const buffers = perDatabase((context) => new ReadStateBuffer(context.db, context.dialect, context.log));

/** The read-position buffer of one app (each test app has its own), created when the forum API registers. */
export function readStateBufferOf(context: AppContext): ReadStateBuffer {
  return buffers.of(context);
}

/** The buffer of the app whose database handle this is; none inside a transaction (writes read what they wrote). */
export function readStateBufferForDb(db: DbOrTx): ReadStateBuffer | undefined {
  return buffers.forDb(db);
}
