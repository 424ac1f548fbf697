import { defineAddon } from "@library/server/addons/defineAddon";
import { claimDiscussionViewCounting } from "@library/server/addons/discussionViewSource";
import { nowIso } from "@library/server/http/dates";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { analyticsRoutes, TICK_BUDGET_DEFAULT, TICK_BUDGET_SETTING } from "./analyticsRoutes";
import { analyticsMigrations } from "./migrations/analyticsMigrations";
import { ANONYMIZE_DEFAULT_SETTING } from "./privacy/analyticsPrivacy";
import { analyticsBufferOf, STORE_BATCH_JOB, type StoreBatchPayload } from "./tick/analyticsBuffer";
import { searchEventOf } from "./tick/tickEvents";
import { storeBatch } from "./tick/storeBatch";
import "./tables";

declare module "@library/server/events/eventBus" {
  interface DomainEvents {
    /** Announced by the search add-on when a search finds nothing (the same declaration as its own). */
    "search.noResults": { terms: string; domain: string | null };
  }
}

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "analytics.view": true;
  }
}

/**
 * Analytics on the site itself (no third-party tracker): `POST /tick` events buffered in memory and written in
 * batches by a job that also adds discussion views to `countViews`; a dashboard section with views, visitors,
 * posts and active members per day, top discussions and searches that found nothing; members' and guests'
 * choice to be anonymized (no member id, no address). Disabling it stops the counting and keeps the data.
 */
export const analyticsAddon = defineAddon({
  key: "analytics",
  migrations: analyticsMigrations,
  settings: {
    [ANONYMIZE_DEFAULT_SETTING]: {
      type: "boolean",
      label: "Anonymize analytics by default",
      description: "Members and guests who made no choice are counted without their id or address.",
      default: false,
    },
    [TICK_BUDGET_SETTING]: {
      type: "integer",
      label: "Analytics events a minute from one address",
      description:
        "Past it, an address's events are refused for a moment. Counted in each server process; 0 turns it off.",
      default: TICK_BUDGET_DEFAULT,
      schema: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
    },
  },
  permissions: {
    "analytics.view": { label: "View analytics", default: "administrator" },
  },
  register(registrar, context) {
    registrar.apiRoutes(async (api) => {
      await api.register(async (scope: FastifyInstance) => analyticsRoutes(scope, context));
    });
    registrar.job<StoreBatchPayload>(STORE_BATCH_JOB, async (payload, job) => {
      // Counts change only `countViews`, which no cached page shows exactly.
      await storeBatch(context, payload);
      job.noteChanged();
    });
    // Views come from the browsers' ticks while the add-on runs: the forum's own page count stands aside.
    registrar.extend((context, owner) => {
      claimDiscussionViewCounting(context, owner);
      // Searches that found nothing, as the search add-on announces them (who searched is not kept).
      context.events.on(
        "search.noResults",
        ({ terms }) => analyticsBufferOf(context).add(searchEventOf(terms, nowIso())),
        owner,
      );
    });
    registrar.dashboardSection({
      key: "analytics",
      path: "analytics",
      label: "Analytics",
      group: "Site",
      component: "AnalyticsSection",
      permission: "analytics.view",
      sort: 5,
    });
  },
});
