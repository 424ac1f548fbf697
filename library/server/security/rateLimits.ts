import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import type { Db } from "../db/database";
import { TooManyRequestsError } from "../errors/httpErrors";
import type { SettingsStore } from "../settings/settingsStore";
import { defineSetting } from "../settings/settingsRegistry";
import "./rateLimitTables";

export const RATE_LIMITED_MESSAGE = "You're doing that too often. Please wait a moment and try again.";

/** One limited action: at most `count` requests per `seconds` for each member (or address, for guests). */
export interface RateLimitRule {
  /** Settings key suffix and counter name, e.g. `comments.add`. */
  action: string;
  /** The route it guards, as registered (`POST` `/api/v2/comments`). */
  method: string;
  url: string;
  count: number;
  seconds: number;
  /** `user`: per member (guests per address); `ip`: per address. */
  per: "user" | "ip";
  /** Holders of this permission are not limited (default: moderators). */
  exemptPermission?: string;
}

interface RegisteredRule extends RateLimitRule {
  owner: string;
}

/** The setting that changes a rule's count (0 turns the rule off). */
export function rateLimitSettingKey(action: string): string {
  return `rateLimits.${action}`;
}

/** Rate-limited actions of one app, declared by the applications and add-ons that own the routes. */
export class RateLimitRegistry {
  private readonly rules = new Map<string, RegisteredRule>();
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  declare(rule: RateLimitRule, owner: string): void {
    this.rules.set(`${rule.method} ${rule.url}`, { ...rule, owner });
    defineSetting({
      key: rateLimitSettingKey(rule.action),
      schema: Type.Integer({ minimum: 0, maximum: 100_000 }),
      default: rule.count,
      read: "site.manage",
      write: "site.manage",
    });
  }

  ruleFor(method: string, url: string): RegisteredRule | undefined {
    const rule = this.rules.get(`${method} ${url}`);
    return rule && this.isOwnerActive(rule.owner) ? rule : undefined;
  }

  all(): RateLimitRule[] {
    return [...this.rules.values()];
  }
}

/**
 * Counts one hit and answers the window's total and start, in one statement (any process): a window opens at
 * a subject's first hit and lasts `seconds`; a hit after it opens the next one.
 */
export async function countHit(
  db: Db,
  bucket: string,
  now: number,
  seconds: number,
): Promise<{ hits: number; windowStart: number }> {
  const expired = sql<boolean>`"rateLimitCounters"."windowStart" + ${seconds} <= ${now}`;
  const row = await db
    .insertInto("rateLimitCounters")
    .values({ bucket, windowStart: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column("bucket").doUpdateSet({
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE "rateLimitCounters"."hits" + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE "rateLimitCounters"."windowStart" END`,
      }),
    )
    .returning(["hits", "windowStart"])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), windowStart: Number(row.windowStart) };
}

/** Forgets windows that ended more than a day ago. */
export async function pruneRateLimitCounters(
  db: Db,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<void> {
  await db
    .deleteFrom("rateLimitCounters")
    .where("windowStart", "<", nowSeconds - 86_400)
    .execute();
}

function subjectOf(request: FastifyRequest, per: RateLimitRule["per"]): string {
  if (per === "user" && request.viewer && !request.viewer.isGuest) return `u${request.viewer.userID}`;
  return `ip${request.ip}`;
}

/**
 * The hook: before a declared route runs, its counter for this member (or address) goes up; past the rule's
 * count in the window, 429 with `Retry-After` (seconds until the window ends). Counters live in the database,
 * so the limit holds across server processes.
 */
export function registerRateLimits(
  app: FastifyInstance,
  options: { db: Db; settings: SettingsStore; registry: RateLimitRegistry; enabled: boolean },
): void {
  if (!options.enabled) return;
  let lastPrune = 0;
  app.addHook("preHandler", async (request, reply) => {
    const rule = options.registry.ruleFor(request.method, request.routeOptions.url ?? "");
    if (!rule) return;
    if (request.viewer?.has(rule.exemptPermission ?? "community.moderate")) return;
    const limit = options.settings.peek<number>(rateLimitSettingKey(rule.action));
    if (!limit) return;
    const now = Math.floor(Date.now() / 1000);
    const bucket = `${rule.action}:${subjectOf(request, rule.per)}`;
    const { hits, windowStart } = await countHit(options.db, bucket, now, rule.seconds);
    if (now - lastPrune > 3600) {
      lastPrune = now;
      await pruneRateLimitCounters(options.db, now);
    }
    if (hits <= limit) return;
    void reply.header("Retry-After", String(Math.max(1, windowStart + rule.seconds - now)));
    throw new TooManyRequestsError(RATE_LIMITED_MESSAGE);
  });
}
