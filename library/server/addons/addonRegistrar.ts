import type { PlatformContext } from "../app/platformContext";
import type { MeCountDeclaration } from "../users/meCounts";
import type { TitleBarItemDeclaration } from "../pages/titleBarItems";
import type { PageSlotName, PageSlotWidget } from "../pages/pageSlots";
import type { WidgetName } from "@forum/api/widgetProps";
import type { FastifyInstance } from "fastify";
import type { DashboardSectionDeclaration } from "../dashboard/dashboardSections";
import type { DomainEventName, DurableEventHandler } from "../events/eventBus";
import type { JobHandler, JobOptions } from "../jobs/jobQueue";
import type { DiscussionTypeDeclaration, PostTypeDeclaration } from "./discussionTypes";
import type { ExtendableRecord, RecordFieldExtender } from "./recordExtenders";
import type { PostValidator } from "./postValidators";
import type { UserLabelLoader } from "../users/userLabels";
import {
  machineTranslationServices,
  type MachineTranslationService,
} from "../translations/machineTranslation";

/** Routes under `/api/v2` of an application or add-on. */
export type ApiRoutesPlugin = (api: FastifyInstance, context: PlatformContext) => void | Promise<void>;
/** Page routes at the site root of an application or add-on. */
export type PageRoutesPlugin = (app: FastifyInstance, context: PlatformContext) => void | Promise<void>;

/**
 * What `register(registrar)` may add. Calls are only collected; the platform applies them once the whole
 * registration has returned, so a throw half-way leaves nothing of the add-on behind.
 */
export interface AddonRegistrar {
  /** Routes under `/api/v2`; they answer 404 while the add-on is disabled. */
  apiRoutes(plugin: ApiRoutesPlugin): void;
  /** Page routes at the site root; the 404 page while the add-on is disabled. */
  pageRoutes(plugin: PageRoutesPlugin): void;
  /** A counter of `GET /users/me-counts` (and of `GET /users/me` when `onMe`); absent while disabled. */
  meCount(declaration: MeCountDeclaration): void;
  /** A link in the title bar (a dropdown once the add-on's client entry registers `component`). */
  titleBarItem(item: TitleBarItemDeclaration): void;
  /** Adds a field to a record's API shape (discussion, comment), loaded once per response. */
  presenter(record: ExtendableRecord, extender: RecordFieldExtender): void;
  /** A discussion type (`type` of a discussion) the add-on handles, creatable while it runs. */
  discussionType(declaration: DiscussionTypeDeclaration): void;
  /** A post type with fields and validation of its own (`postTypeID`, `postMeta`), creatable while it runs. */
  postType(declaration: PostTypeDeclaration): void;
  /**
   * A durable subscriber of a core event: the handler runs as a job written in the event's transaction (none
   * while the add-on is off), retried on failure, and may run again after a crash, so its effect is idempotent.
   * It names what it changed with `job.noteChanged(…)`, else every public cache is retired when it is done.
   */
  on<K extends DomainEventName>(event: K, handler: DurableEventHandler<K>): void;
  /** Defines a job the add-on enqueues (`context.jobs.enqueue(trx, name, payload)`); it waits while the add-on is off. */
  job<P>(name: string, handler: JobHandler<P>, options?: Omit<JobOptions, "owner">): void;
  /** A section of the admin dashboard (its component is registered by the add-on's dashboard entry). */
  dashboardSection(section: DashboardSectionDeclaration): void;
  /**
   * A widget in a named place of a page tree (`discussion.meta`, `discussion.afterOriginalPost`,
   * `post.actions`): it shows on the server page and in the single-page layout, and goes while the add-on is off.
   * The add-on's client entry registers the component; its props are declared in `WidgetPropsMap`.
   */
  pageSlot<S extends PageSlotName, K extends WidgetName>(slot: S, widget: PageSlotWidget<S, K>): void;
  /**
   * A rule checked on every new or edited discussion and comment, inside the write's transaction: its errors
   * answer 422 and nothing is written.
   */
  postValidator(validate: PostValidator): void;
  /** Labels (`label`, `labelHtml`) beside members' names: post authors, profiles and profile cards. */
  userLabel(load: UserLabelLoader): void;
  /** A machine translation service (API.md 22), offered in `GET /translation-services` while the owner runs. */
  translationService(service: MachineTranslationService): void;
  /** Everything else goes through the platform's own registries (events, jobs, page slots, dashboard). */
  extend(apply: PlatformExtension): void;
}

/**
 * A registration against a registry that lives on the app context (domain events, jobs, page slots, dashboard
 * sections): receives the context and the owner key to tag the registration with.
 */
export type PlatformExtension = (context: PlatformContext, owner: string) => void | Promise<void>;

/** What one add-on's registration collected. */
export interface CollectedRegistrations {
  apiRoutes: ApiRoutesPlugin[];
  pageRoutes: PageRoutesPlugin[];
  meCounts: MeCountDeclaration[];
  titleBarItems: TitleBarItemDeclaration[];
  presenters: { record: ExtendableRecord; extender: RecordFieldExtender }[];
  discussionTypes: DiscussionTypeDeclaration[];
  extensions: PlatformExtension[];
}

export function emptyRegistrations(): CollectedRegistrations {
  return {
    apiRoutes: [],
    pageRoutes: [],
    meCounts: [],
    titleBarItems: [],
    presenters: [],
    discussionTypes: [],
    extensions: [],
  };
}

/** A registrar that only records what it is told. */
export function collectingRegistrar(into: CollectedRegistrations): AddonRegistrar {
  return {
    apiRoutes: (plugin) => void into.apiRoutes.push(plugin),
    pageRoutes: (plugin) => void into.pageRoutes.push(plugin),
    meCount: (declaration) => void into.meCounts.push(declaration),
    titleBarItem: (item) => void into.titleBarItems.push(item),
    presenter: (record, extender) => void into.presenters.push({ record, extender }),
    discussionType: (declaration) => void into.discussionTypes.push(declaration),
    postType: (declaration) =>
      void into.extensions.push((context, owner) => context.discussionTypes.addPostType(declaration, owner)),
    dashboardSection: (section) =>
      void into.extensions.push((context, owner) => context.dashboard.add(section, owner)),
    pageSlot: (slot, widget) =>
      void into.extensions.push((context, owner) => context.pageSlots.add(slot, widget, owner)),
    on: (event, handler) =>
      void into.extensions.push((context, owner) =>
        context.events.subscribe(event, handler, owner, context.jobs),
      ),
    job: (name, handler, options = {}) =>
      void into.extensions.push((context, owner) =>
        context.jobs.define(name, handler, { ...options, owner }),
      ),
    postValidator: (validate) =>
      void into.extensions.push((context, owner) => context.postValidators.add(validate, owner)),
    userLabel: (load) => void into.extensions.push((context, owner) => context.userLabels.add(load, owner)),
    translationService: (service) =>
      void into.extensions.push((context, owner) => machineTranslationServices(context).add(service, owner)),
    extend: (apply) => void into.extensions.push(apply),
  };
}
