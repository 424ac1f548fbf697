import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";

export type MeCountProvider = (context: AppContext, viewer: Viewer) => Promise<number>;

/** The counters of `GET /users/me-counts` (API.md 4.2), in this order; each is 0 until a feature provides it. */
export const ME_COUNT_NAMES = ["UnreadNotifications", "UnreadConversations", "Bookmarks", "Drafts"] as const;

const providers = new Map<string, MeCountProvider>();

/** Features (notifications, conversations, bookmarks, drafts) plug their counter in here. */
export function registerMeCount(name: string, provider: MeCountProvider): void {
  providers.set(name, provider);
}

/** One counter; guests and counters nobody provides are 0. */
export async function getMeCount(context: AppContext, viewer: Viewer, name: string): Promise<number> {
  const provider = providers.get(name);
  if (!provider || viewer.isGuest) return 0;
  return provider(context, viewer);
}

export async function listMeCounts(
  context: AppContext,
  viewer: Viewer,
): Promise<{ name: string; count: number }[]> {
  const names = [...new Set([...ME_COUNT_NAMES, ...providers.keys()])];
  return Promise.all(names.map(async (name) => ({ name, count: await getMeCount(context, viewer, name) })));
}
