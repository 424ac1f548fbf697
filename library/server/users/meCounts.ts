import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";

export type MeCountProvider = (context: AppContext, viewer: Viewer) => Promise<number>;

/** The counters of `GET /users/me-counts` (API.md 4.2), in this order; each is 0 until a feature provides it. */
export const ME_COUNT_NAMES = ["UnreadNotifications", "UnreadConversations", "Bookmarks", "Drafts"] as const;

interface RegisteredCounter {
  provider: MeCountProvider;
  owner: string;
}

/**
 * One app's me-counters. Features and add-ons plug their counter in (through the add-on registrar); a counter
 * whose owner is not active (a disabled add-on) counts 0.
 */
export class MeCountRegistry {
  private readonly counters = new Map<string, RegisteredCounter>();
  private isOwnerActive: (owner: string) => boolean = () => true;

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  register(name: string, provider: MeCountProvider, owner = "core"): void {
    this.counters.set(name, { provider, owner });
  }

  names(): string[] {
    return [...new Set([...ME_COUNT_NAMES, ...this.counters.keys()])];
  }

  provider(name: string): MeCountProvider | null {
    const counter = this.counters.get(name);
    return counter && this.isOwnerActive(counter.owner) ? counter.provider : null;
  }
}

/** Registers a counter of a core application (add-ons use `registrar.meCount`). */
export function registerMeCount(context: AppContext, name: string, provider: MeCountProvider): void {
  context.meCounts.register(name, provider);
}

/** One counter; guests and counters nobody provides are 0. */
export async function getMeCount(context: AppContext, viewer: Viewer, name: string): Promise<number> {
  const provider = context.meCounts.provider(name);
  if (!provider || viewer.isGuest) return 0;
  return provider(context, viewer);
}

export async function listMeCounts(
  context: AppContext,
  viewer: Viewer,
): Promise<{ name: string; count: number }[]> {
  return Promise.all(
    context.meCounts.names().map(async (name) => ({ name, count: await getMeCount(context, viewer, name) })),
  );
}
