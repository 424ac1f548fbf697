import type { FastifyBaseLogger } from "fastify";
import type { DbOrTx } from "../db/database";
import type { JobInfo, JobQueue } from "../jobs/jobQueue";

/**
 * Domain events and their payloads, merged in by whoever emits them:
 * `declare module "@library/server/events/eventBus" { interface DomainEvents { "comment.created": {…} } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;
export type EventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;
/**
 * A durable subscriber: it runs as a job, and names what it changed for the cache layer with
 * `job.noteChanged(…)` (none: `job.noteChanged()`); one that names nothing retires every public cache.
 */
export type DurableEventHandler<K extends DomainEventName> = (
  payload: DomainEvents[K],
  job: JobInfo,
) => void | Promise<void>;

interface Subscription {
  owner: string;
  handler: (payload: unknown) => void | Promise<void>;
}

interface DurableSubscription {
  owner: string;
  jobName: string;
  jobs: JobQueue;
}

/**
 * Domain events. `emit(trx, name, payload)` runs inside the write's transaction and writes one job per durable
 * subscriber (`subscribe`; add-ons' `registrar.on`): the job exists exactly when the write committed, runs once
 * the transaction is over, is retried on failure and survives a crash. A subscriber whose owner is disabled
 * gets no job.
 *
 * `on` listeners are in-process and not durable: they hear `announce(name, payload)`, which the writer calls
 * after commit, run after the request has moved on, and are lost if the process dies first. Use them only for
 * effects that are harmless to lose (the read-state buffer, caches).
 */
export class EventBus {
  private readonly subscriptions = new Map<string, Subscription[]>();
  private readonly durable = new Map<string, DurableSubscription[]>();
  private isOwnerActive: (owner: string) => boolean = () => true;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  /** An in-process, non-durable listener of `announce` (see the class comment). */
  on<K extends DomainEventName>(name: K, handler: EventHandler<K>, owner: string): void {
    const list = this.subscriptions.get(name) ?? [];
    list.push({ owner, handler: handler as Subscription["handler"] });
    this.subscriptions.set(name, list);
  }

  /**
   * A durable subscriber: `handler` runs as the job `<owner>:<event>` (numbered when an owner subscribes twice),
   * once per event, after the emitting write committed. Like every job it may run again after a crash, so its
   * effect must be idempotent (see docs/concurrency.md).
   */
  subscribe<K extends DomainEventName>(
    name: K,
    handler: DurableEventHandler<K>,
    owner: string,
    jobs: JobQueue,
  ): void {
    const list = this.durable.get(name) ?? [];
    const count = list.filter((subscription) => subscription.owner === owner).length;
    const jobName = `${owner}:${name}${count === 0 ? "" : `:${count + 1}`}`;
    jobs.define<DomainEvents[K]>(jobName, (payload, job) => Promise.resolve(handler(payload, job)), {
      owner,
    });
    list.push({ owner, jobName, jobs });
    this.durable.set(name, list);
  }

  /** Inside the write's transaction: one job per durable subscriber whose owner runs. */
  async emit<K extends DomainEventName>(trx: DbOrTx, name: K, payload: DomainEvents[K]): Promise<void> {
    for (const subscription of this.durable.get(name) ?? []) {
      if (!this.isOwnerActive(subscription.owner)) continue;
      await subscription.jobs.enqueue(trx, subscription.jobName, payload);
    }
  }

  /** After commit, for the in-process `on` listeners. Never throws and never waits for the handlers. */
  announce<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
    for (const subscription of this.subscriptions.get(name) ?? []) {
      if (!this.isOwnerActive(subscription.owner)) continue;
      const run = (async () => {
        try {
          await subscription.handler(payload);
        } catch (error) {
          this.log.error({ err: error }, `A ${subscription.owner} handler of ${name} failed.`);
        }
      })();
      this.inFlight.add(run);
      void run.finally(() => this.inFlight.delete(run));
    }
  }

  /** Resolves when every handler started so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
