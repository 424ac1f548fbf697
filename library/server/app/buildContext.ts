import type { FastifyInstance } from "fastify";
import { discoverAddons, DEFAULT_PLUGINS_DIR, type AddonPackage } from "../addons/addonManifest";
import type { ServerConfig } from "../config/config";
import type { DatabaseHandle } from "../db/database";
import type { CollectedRegistrations } from "../addons/addonRegistrar";
import { AddonRuntime } from "../addons/addonRuntime";
import { DiscussionTypeRegistry } from "../addons/discussionTypes";
import {
  applyRegistrations,
  collectRegistrations,
  loadAddonEntries,
  seedAddonPermissions,
} from "../addons/loadAddons";
import { RecordExtenderRegistry } from "../addons/recordExtenders";
import { PostValidatorRegistry } from "../addons/postValidators";
import { UserLabelRegistry } from "../users/userLabels";
import { DashboardSectionRegistry } from "../dashboard/dashboardSections";
import { ensureDefaultRoles } from "../db/defaultRoles";
import { migrateToLatest, type MigrationSet } from "../db/migrate";
import { coreMigrations } from "../db/migrations/coreMigrations";
import { EventBus } from "../events/eventBus";
import { GuestCache } from "../http/guestCache";
import { CacheLayer } from "../cache/cacheLayer";
import { registerCacheLayer } from "../cache/cacheRequests";
import { SiteOrigin } from "../http/siteOrigin";
import { JobQueue } from "../jobs/jobQueue";
import { Mailer } from "../mail/mailer";
import { createLiveBus } from "../notifications/liveBus";
import { PageRenderer } from "../pages/pageRenderer";
import { PageSlotRegistry } from "../pages/pageSlots";
import { TitleBarItemRegistry } from "../pages/titleBarItems";
import { GrantCache } from "../permissions/roleGrants";
import { PersonalDataRegistry } from "../privacy/personalDataExport";
import { RateLimitRegistry } from "../security/rateLimits";
import { SettingsStore } from "../settings/settingsStore";
import { MeCountRegistry } from "../users/meCounts";
import type { AppContext } from "./appContext";
import { MemoryBudget } from "../cache/memoryBudget";
import type { ServerApplication } from "./serverApplication";
import { defineRecordTranslationsCleanup } from "../translations/recordTranslationsCleanup";

/** What `buildApp` builds a server from. */
export interface BuildAppOptions {
  config: ServerConfig;
  database: DatabaseHandle;
  /** The core applications: always on. */
  applications: readonly ServerApplication[];
  /** Add-on packages (default: every `plugins/<key>/addon.json`). */
  addons?: readonly AddonPackage[];
  /** How often each process re-reads which add-ons are enabled (default 2 s; 0 = only after its own change). */
  addonRefreshSeconds?: number;
  /** Run migrations before serving (default true). */
  migrate?: boolean;
  /** The time the periodic checks read (default the real clock). */
  clock?: () => Date;
  /**
   * Whether the app looks at its schedules on timers while it runs (scheduled backups; default true). A test
   * that calls the checks itself, at the times it chooses, turns them off.
   */
  scheduleChecks?: boolean;
}

export function migrationSets(applications: readonly ServerApplication[]): MigrationSet[] {
  return [
    { owner: "core", migrations: coreMigrations },
    ...applications.flatMap((application) =>
      application.migrations ? [{ owner: application.key, migrations: application.migrations }] : [],
    ),
  ];
}

/** The product's version (package.json), shown for the core applications in the add-ons list. */
const PRODUCT_VERSION = "0.1.0";

/**
 * The AppContext: loads the add-ons, migrates, reads the settings, makes every registry (each asking the add-on
 * runtime whether its owner runs), applies what the applications and add-ons registered, and closes it all with
 * the app. Returns the collected registrations, whose routes are registered later.
 */
export async function buildContext(
  app: FastifyInstance,
  options: BuildAppOptions,
): Promise<{ context: AppContext; registrations: Map<string, CollectedRegistrations> }> {
  const { config, database, applications } = options;
  const addons = new AddonRuntime(database.db, app.log);
  await loadAddonEntries(
    addons,
    applications,
    options.addons ?? discoverAddons(DEFAULT_PLUGINS_DIR),
    PRODUCT_VERSION,
  );
  if (options.migrate !== false) {
    await migrateToLatest(database.db as never, migrationSets(applications));
    await ensureDefaultRoles(database.db);
    // Add-ons migrate when enabled (here, for the enabled ones, on the refresh below), never while disabled.
    addons.migrateOnEnable();
  }
  await addons.refresh();

  const settings = new SettingsStore(database.db);
  await settings.refresh();
  const cacheBudget = new MemoryBudget(config.cacheMemoryMegabytes * 1024 * 1024);
  const context: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    settings,
    grants: new GrantCache(database.db),
    mailer: new Mailer(config),
    events: new EventBus(app.log),
    origin: new SiteOrigin(config, settings, database.db),
    rateLimits: new RateLimitRegistry(),
    personalData: new PersonalDataRegistry(),
    dashboard: new DashboardSectionRegistry(),
    jobs: new JobQueue(database.db, database.dialect, app.log),
    live: await createLiveBus(database, app.log),
    log: app.log,
    pages: null as unknown as PageRenderer,
    addons,
    meCounts: new MeCountRegistry(),
    titleBarItems: new TitleBarItemRegistry(),
    pageSlots: new PageSlotRegistry(),
    recordExtenders: new RecordExtenderRegistry(),
    postValidators: new PostValidatorRegistry(),
    userLabels: new UserLabelRegistry(),
    discussionTypes: new DiscussionTypeRegistry(),
    guestCache: new GuestCache({
      seconds: config.guestCacheSeconds,
      maxEntries: 2000,
      maxBytes: 64 * 1024 * 1024,
      budget: cacheBudget,
    }),
    cacheBudget,
    caches: new CacheLayer(),
    clock: options.clock ?? (() => new Date()),
    scheduleChecks: options.scheduleChecks ?? true,
    warmingUp: false,
  };
  context.pages = new PageRenderer(context);
  context.meCounts.setOwnerActivity(addons.isActive);
  context.titleBarItems.setOwnerActivity(addons.isActive);
  context.pageSlots.setOwnerActivity(addons.isActive);
  context.recordExtenders.setOwnerActivity(addons.isActive);
  context.postValidators.setOwnerActivity(addons.isActive);
  context.userLabels.setOwnerActivity(addons.isActive);
  context.events.setOwnerActivity(addons.isActive);
  context.dashboard.setOwnerActivity(addons.isActive);
  context.rateLimits.setOwnerActivity(addons.isActive);
  context.jobs.setOwnerActivity(addons.isActive);
  context.mailer.useJobs(context.jobs, database.db);
  // A deleted category, navigation item or layout takes its content translations with it (every application).
  defineRecordTranslationsCleanup(context, "core");
  context.discussionTypes.setOwnerActivity(addons.isActive);
  // A page rendered with an add-on's widgets must not outlive the add-on (and the other way round).
  addons.onChange(() => context.guestCache.invalidate());
  registerCacheLayer(app, context, database);

  const registrations = await collectRegistrations(addons, context);
  await applyRegistrations(addons, context, registrations);
  if (await seedAddonPermissions(addons, database.db)) context.grants.invalidate();
  addons.startRefreshing(options.addonRefreshSeconds ?? 2);
  const stopDroppingExpired = cacheBudget.dropExpiredEvery();

  app.addHook("onClose", async () => {
    addons.stopRefreshing();
    stopDroppingExpired();
    await context.jobs.stop();
    await context.events.settled();
    await context.live.close();
  });

  return { context, registrations };
}
