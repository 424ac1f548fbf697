import type { FastifyReply, FastifyRequest } from "fastify";
import { TooManyRequestsError } from "../errors/httpErrors";
import { RATE_LIMITED_MESSAGE } from "../security/rateLimits";
import type { SettingsStore } from "../settings/settingsStore";

/**
 * What a light route may take from one client address (`config: { light: true, lightBudget }`): the skipped
 * per-request hooks include the rate limits, so a light route that stores what it is sent declares its own.
 */
export interface LightBudget {
  /** Events one address may send a minute (0: unlimited), read on every request (a setting may change it). */
  perMinute(): number;
  /** How many events the request carries (a batch's length; default 1), read once its body is parsed. */
  events?(request: FastifyRequest): number;
}

/** The most addresses a light route remembers; past it, the one heard from least recently is forgotten. */
export const MAX_BUDGET_ADDRESSES = 10_000;

interface Bucket {
  tokens: number;
  /** When `tokens` was worked out (ms). */
  at: number;
}

/**
 * One token bucket per address, in this process: full (`perMinute` events) on an address's first event, refilled
 * at `perMinute` a minute. Addresses are kept in two generations of at most half of `maxAddresses` each: a full
 * current generation becomes the previous one and the previous is dropped, and an address heard from again moves
 * to the current one. So a spray of invented addresses costs bounded memory and constant time per event, while an
 * address that keeps sending stays remembered; one forgotten starts again with a full bucket, as after a quiet
 * minute.
 */
export class AddressBudgets {
  private current = new Map<string, Bucket>();
  private previous = new Map<string, Bucket>();

  constructor(private readonly maxAddresses = MAX_BUDGET_ADDRESSES) {}

  /** How many addresses are remembered. */
  get size(): number {
    return this.current.size + this.previous.size;
  }

  /** Takes `events` from the address's budget: 0 when they fit, else the seconds until they would. */
  spend(address: string, events: number, perMinute: number, now = Date.now()): number {
    const perMs = perMinute / 60_000;
    let bucket = this.current.get(address);
    if (bucket) {
      bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.at) * perMs);
      bucket.at = now;
    } else {
      bucket = this.previous.get(address);
      if (bucket) {
        this.previous.delete(address);
        bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.at) * perMs);
        bucket.at = now;
      } else bucket = { tokens: perMinute, at: now };
      if (this.current.size >= this.maxAddresses / 2) {
        this.previous = this.current;
        this.current = new Map();
      }
      this.current.set(address, bucket);
    }
    if (bucket.tokens >= events) {
      bucket.tokens -= events;
      return 0;
    }
    // More than a whole minute's budget never fits: it is told to wait the minute a full bucket takes.
    if (events > perMinute) return 60;
    return Math.max(1, Math.ceil((events - bucket.tokens) / perMs / 1000));
  }
}

/**
 * A light route's budget read from an integer setting (events a minute per address; 0 turns it off). It applies
 * while the site's rate limits are on (`RATE_LIMITS`), like every other limit.
 */
export function lightBudgetFromSetting(
  context: { config: { rateLimits: boolean }; settings: Pick<SettingsStore, "peek"> },
  setting: string,
  events?: LightBudget["events"],
): LightBudget {
  return {
    perMinute: () => (context.config.rateLimits ? (context.settings.peek<number>(setting) ?? 0) : 0),
    ...(events && { events }),
  };
}

/**
 * The route hook that spends the budget (added by `skipHooksOnLightRoutes` to each route declaring one): the
 * address is `request.ip`, i.e. the client as the site's trust-proxy setting resolves it, as for the core's rate
 * limits. Once spent: 429 in the error shape of API.md 1.9 with `Retry-After`.
 */
export function spendLightBudget(budget: LightBudget) {
  const budgets = new AddressBudgets();
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const perMinute = budget.perMinute();
    if (perMinute <= 0) return done();
    const wait = budgets.spend(request.ip, budget.events?.(request) ?? 1, perMinute);
    if (wait === 0) return done();
    void reply.header("Retry-After", String(wait));
    done(new TooManyRequestsError(RATE_LIMITED_MESSAGE));
  };
}
