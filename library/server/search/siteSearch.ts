import type { FastifyRequest } from "fastify";
import type { AppContext } from "../app/appContext";

declare module "../events/eventBus" {
  interface DomainEvents {
    /**
     * Records of a search record type were written or removed (an add-on's own records: articles…); the search
     * add-on, while it runs, brings their documents up to date in a job. Emitted in the write's transaction.
     */
    "searchRecords.changed": { recordType: string; recordIDs: number[] };
  }
}

/** One search asked for by another part of the site (an add-on's own search page). */
export interface SiteSearchQuery {
  query: string;
  /** The search page's domain (`all_content`, `knowledgeBase`…). */
  domain: string;
  page: number;
  limit: number;
  /** Only articles of this knowledge base. */
  knowledgeBaseID?: number;
}

/** One result as a page shows it. */
export interface SiteSearchResult {
  recordType: string;
  recordID: number;
  name: string;
  /** Site-relative or absolute link. */
  url: string;
  /** The excerpt as HTML with the matched terms in `<mark>` (everything else escaped). */
  highlight: string | null;
  dateInserted: string;
  insertUserName: string | null;
}

export interface SiteSearchAnswer {
  results: SiteSearchResult[];
  total: number;
}

export type SiteSearchRunner = (request: FastifyRequest, query: SiteSearchQuery) => Promise<SiteSearchAnswer>;

interface Registered {
  runner: SiteSearchRunner;
  owner: string;
}

/** The site's search as a service: the search add-on offers it; other pages use it while that add-on runs. */
export class SiteSearch {
  private registered: Registered | null = null;

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  provide(runner: SiteSearchRunner, owner: string): void {
    this.registered = { runner, owner };
  }

  /** Whether a search runs now. */
  available(): boolean {
    return this.registered !== null && this.isOwnerActive(this.registered.owner);
  }

  /** The answer, or null when no search add-on runs. */
  async run(request: FastifyRequest, query: SiteSearchQuery): Promise<SiteSearchAnswer | null> {
    if (!this.registered || !this.isOwnerActive(this.registered.owner)) return null;
    return this.registered.runner(request, query);
  }
}

const services = new WeakMap<AppContext, SiteSearch>();

/** The site search of an app (one per app context). */
export function siteSearch(context: AppContext): SiteSearch {
  let service = services.get(context);
  if (!service) {
    service = new SiteSearch((owner) => context.addons.isActive(owner));
    services.set(context, service);
  }
  return service;
}
