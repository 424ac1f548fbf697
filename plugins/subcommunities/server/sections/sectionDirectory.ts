import type { AppContext } from "@library/server/app/appContext";
import type { RequestSiteSection, SiteSectionProvider } from "@library/server/http/siteSections";
import type { SiteSection } from "../../api/subcommunitiesApi";
import { listSections } from "./sectionQueries";

/** How long a process answers from its copy before it reads the sections again (another process's writes). */
const FRESH_MS = 2000;

function forRouting(section: SiteSection): RequestSiteSection {
  return {
    siteSectionID: section.siteSectionID,
    slug: section.slug,
    name: section.name,
    locale: section.locale,
    rootCategoryID: section.rootCategoryID,
    description: section.description,
    themeKey: section.themeKey,
    navigation: section.navigation,
  };
}

/**
 * The sections in memory, for routing (which runs before any hook, synchronously): a write in this process
 * reloads them at once; otherwise a request after two seconds starts a reload and is answered from the copy.
 */
export class SectionDirectory implements SiteSectionProvider {
  private bySlugMap = new Map<string, RequestSiteSection>();
  private byIDMap = new Map<number, RequestSiteSection>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(private readonly context: AppContext) {}

  /** Reads the sections again (a missing table, before the migration ran, is no section). */
  reload(): Promise<void> {
    this.loading ??= listSections(this.context.db)
      .then((sections) => {
        const routed = sections.map(forRouting);
        this.bySlugMap = new Map(routed.map((section) => [section.slug, section]));
        this.byIDMap = new Map(routed.map((section) => [section.siteSectionID, section]));
      })
      .catch((error: unknown) => {
        if (!/no such table|does not exist/i.test(String(error)))
          this.context.log.warn({ err: error }, "Site sections");
      })
      .finally(() => {
        this.loadedAt = Date.now();
        this.loading = null;
      });
    return this.loading;
  }

  private freshen(): void {
    if (Date.now() - this.loadedAt > FRESH_MS) void this.reload();
  }

  bySlug(slug: string): RequestSiteSection | null {
    this.freshen();
    return this.bySlugMap.get(slug) ?? null;
  }

  byID(siteSectionID: number): RequestSiteSection | null {
    this.freshen();
    return this.byIDMap.get(siteSectionID) ?? null;
  }

  all(): RequestSiteSection[] {
    this.freshen();
    return [...this.byIDMap.values()];
  }
}

const directories = new WeakMap<object, SectionDirectory>();

export function sectionDirectory(context: AppContext): SectionDirectory {
  let directory = directories.get(context);
  if (!directory) {
    directory = new SectionDirectory(context);
    directories.set(context, directory);
  }
  return directory;
}
