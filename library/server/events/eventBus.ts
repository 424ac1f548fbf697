import type { FastifyBaseLogger } from "fastify";

/**
 * Domain events and their payloads, merged in by whoever emits them:
 * `declare module "@library/server/events/eventBus" { interface DomainEvents { "comment.created": {…} } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type DomainEventName = keyof DomainEvents;
export type EventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

interface Subscription {
  owner: string;
  handler: (payload: unknown) => void | Promise<void>;
}

/**
 * In-process domain events, emitted after a write has committed. Handlers run after the emitting request has
 * moved on; a throwing handler is logged and affects nobody else. Work that must survive a crash is enqueued as
 * a job by the handler (or by the write itself, inside its transaction).
 */
export class EventBus {
  private readonly subscriptions = new Map<string, Subscription[]>();
  private isOwnerActive: (owner: string) => boolean = () => true;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  on<K extends DomainEventName>(name: K, handler: EventHandler<K>, owner: string): void {
    const list = this.subscriptions.get(name) ?? [];
    list.push({ owner, handler: handler as Subscription["handler"] });
    this.subscriptions.set(name, list);
  }

  /** Call after commit. Never throws and never waits for the handlers. */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): void {
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
