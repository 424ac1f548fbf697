import { randomUUID } from "node:crypto";
import type { AppContext } from "@library/server/app/appContext";
import { perDatabase } from "@library/server/db/perDatabase";
import type { BufferedEvent } from "./tickEvents";

/** The job that writes one batch of events. */
export const STORE_BATCH_JOB = "analytics.storeBatch";

/** How long events wait in memory before their batch is handed to the job queue. */
export const FLUSH_INTERVAL_MS = 2000;

/** At most this many events per batch (a busier interval hands over several). */
export const MAX_BATCH_EVENTS = 1000;

export interface StoreBatchPayload {
  batchID: string;
  events: BufferedEvent[];
}

/**
 * Ticks are kept in memory and handed to the job queue as batches (one job row per batch, at most every two
 * seconds), so a tick costs no database write on the request path. A crash loses at most what is in memory; a
 * batch carries its own id, so the job that writes it writes it once however often it runs.
 */
export class AnalyticsBuffer {
  private events: BufferedEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private handing: Promise<void> = Promise.resolve();

  constructor(private readonly context: AppContext) {}

  add(event: BufferedEvent): void {
    this.events.push(event);
    if (this.events.length >= MAX_BATCH_EVENTS) {
      void this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** Events waiting in memory. */
  get size(): number {
    return this.events.length;
  }

  /** Hands every waiting event to the job queue; resolves when the batches are enqueued. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const taken = this.events;
    this.events = [];
    this.handing = this.handing.then(async () => {
      for (let start = 0; start < taken.length; start += MAX_BATCH_EVENTS) {
        const events = taken.slice(start, start + MAX_BATCH_EVENTS);
        const payload: StoreBatchPayload = { batchID: randomUUID(), events };
        try {
          await this.context.jobs.enqueue(this.context.db, STORE_BATCH_JOB, payload);
        } catch (error) {
          // Failures are only logged (API.md 25): analytics never stops the site.
          this.context.log.error({ err: error }, `Analytics lost a batch of ${events.length} events.`);
        }
      }
    });
    return this.handing;
  }
}

const buffers = perDatabase((context) => new AnalyticsBuffer(context));

/** The buffer of one app (each test app has its own). */
export function analyticsBufferOf(context: AppContext): AnalyticsBuffer {
  return buffers.of(context);
}
