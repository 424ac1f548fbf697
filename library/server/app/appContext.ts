import type { FastifyBaseLogger } from "fastify";
import type { AddonRuntime } from "../addons/addonRuntime";
import type { DiscussionTypeRegistry } from "../addons/discussionTypes";
import type { RecordExtenderRegistry } from "../addons/recordExtenders";
import type { PostValidatorRegistry } from "../addons/postValidators";
import type { ServerConfig } from "../config/config";
import type { CacheLayer } from "../cache/cacheLayer";
import type { DashboardSectionRegistry } from "../dashboard/dashboardSections";
import type { Db, Dialect } from "../db/database";
import type { EventBus } from "../events/eventBus";
import type { GuestCache } from "../http/guestCache";
import type { MemoryBudget } from "../cache/memoryBudget";
import type { SiteOrigin } from "../http/siteOrigin";
import type { RateLimitRegistry } from "../security/rateLimits";
import type { PersonalDataRegistry } from "../privacy/personalDataExport";
import type { JobQueue } from "../jobs/jobQueue";
import type { Mailer } from "../mail/mailer";
import type { LiveBus } from "../notifications/liveBus";
import type { PageRenderer } from "../pages/pageRenderer";
import type { PageSlotRegistry } from "../pages/pageSlots";
import type { TitleBarItemRegistry } from "../pages/titleBarItems";
import type { GrantCache } from "../permissions/roleGrants";
import type { SettingsStore } from "../settings/settingsStore";
import type { MeCountRegistry } from "../users/meCounts";
import type { UserLabelRegistry } from "../users/userLabels";

declare module "./platformContext" {
  /** The platform's parts hand the whole app context to the callbacks they hold (see platformContext.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the supertype
  interface PlatformContext extends AppContext {}
}

/** What every application's routes and commands receive: no globals, so tests build as many as they like. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  dialect: Dialect;
  settings: SettingsStore;
  grants: GrantCache;
  mailer: Mailer;
  /** Real-time fan-out to open streams (in-process on SQLite, LISTEN/NOTIFY on PostgreSQL). */
  live: LiveBus;
  log: FastifyBaseLogger;
  /** Whole responses for guests, for a second or two (routes opt in with `allowRoutes`). */
  guestCache: GuestCache;
  /** What the guest cache and the shared caches may keep together (`sharedCacheFor` joins it). */
  cacheBudget: MemoryBudget;
  /** Every cache by name and what it depends on; writes retire them here and in the other processes. */
  caches: CacheLayer;
  /** Server-rendered pages with the title bar and the page bootstrap. */
  pages: PageRenderer;
  /** The parts of "Download my data", added by each application and add-on. */
  personalData: PersonalDataRegistry;
  /** Rate-limited actions, declared by the applications and add-ons that own the routes. */
  rateLimits: RateLimitRegistry;
  /** The site's origin for links: mail never trusts a request's Host. */
  origin: SiteOrigin;
  /** Sections of the admin dashboard, contributed by applications and add-ons. */
  dashboard: DashboardSectionRegistry;
  /** Domain events, emitted after commit (`comment.created`…). */
  events: EventBus;
  /** The durable job queue every side effect runs on (`jobs.enqueue(trx, name, payload)`). */
  jobs: JobQueue;
  /** The applications and add-ons, and which of them run (`addons.isActive(owner)`). */
  addons: AddonRuntime;
  /** Counters of `GET /users/me-counts`. */
  meCounts: MeCountRegistry;
  /** Discussion types add-ons handle (questions, ideas, polls), available while they run. */
  discussionTypes: DiscussionTypeRegistry;
  /** Fields add-ons add to discussions and comments in API responses. */
  recordExtenders: RecordExtenderRegistry;
  /** Rules add-ons add to every post write (registrar.postValidator). */
  postValidators: PostValidatorRegistry;
  /** Labels beside members' names (registrar.userLabel): post authors, profiles, profile cards. */
  userLabels: UserLabelRegistry;
  /** Title-bar entries contributed by applications and add-ons. */
  titleBarItems: TitleBarItemRegistry;
  /** Widgets applications and add-ons add to named places of the page trees (`discussion.meta`…). */
  pageSlots: PageSlotRegistry;
  /** The time the periodic checks read: the real clock, or the one a test drives. */
  clock: () => Date;
  /** Whether periodic checks (the backup schedule) run on timers; off in tests that run the checks themselves. */
  scheduleChecks: boolean;
  /**
   * True while a starting server asks itself its first pages, before it listens (warmUp.ts): no visitor's request
   * can arrive meanwhile, and those pages count no view.
   */
  warmingUp: boolean;
}
