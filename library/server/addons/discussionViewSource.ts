import type { AppContext } from "../app/appContext";
import { perDatabase } from "../db/perDatabase";

/**
 * Who counts discussion views. The forum counts every page it builds; an add-on that counts them itself (from
 * the browser's view events, written in batches) claims the counting, and while it runs the forum's own count
 * stands aside, so a view is never counted twice. Disabled, the add-on gives the counting back.
 */
const claims = perDatabase(() => ({ owner: null as string | null }));

export function claimDiscussionViewCounting(context: AppContext, owner: string): void {
  claims.of(context).owner = owner;
}

/** Whether a running add-on counts discussion views (the forum's own counter then records none). */
export function discussionViewsCountedElsewhere(context: AppContext): boolean {
  const { owner } = claims.of(context);
  return owner !== null && context.addons.isActive(owner);
}
