import type { AppContext } from "@library/server/app/appContext";
import { recordNames } from "@library/server/cache/recordNames";

/** Most members whose non-public groups are kept; past it the cache starts again (a cache, not a store). */
const MAX_MEMBERS_KEPT = 10_000;

/** Whether a group hides discussions: `absent` while the add-on's tables do not exist here. */
export type HiddenState = "none" | "some" | "absent";

/**
 * What the group visibility rule reads on every list and page, kept between requests: whether any discussion is
 * in a non-public (or deleted) group, and each member's non-public groups. It rides the cache layer: group writes
 * name nothing (`content`) and enabling the add-on names `addons` (its tables appear): both retire all of it,
 * here and in every other process. A post names its discussion (`discussion:<id>`), which may have joined a
 * group: that retires only a "none" answer (once some discussion is hidden, a post cannot make it none).
 */
export class GroupVisibilityCache {
  private hidden: Promise<HiddenState> | null = null;
  private hiddenSome = false;
  private readonly memberOf = new Map<number, Promise<number[]>>();

  constructor(context: AppContext) {
    context.caches.define({
      name: "group visibility",
      dependsOn: [recordNames.content, recordNames.addons],
      retire: () => this.retire(),
    });
    context.caches.define({
      name: "group visibility: none hidden yet",
      dependsOn: ["discussion:*"],
      retire: () => {
        if (!this.hiddenSome) this.hidden = null;
      },
    });
  }

  retire(): void {
    this.hidden = null;
    this.hiddenSome = false;
    this.memberOf.clear();
  }

  /** The first read starts the query; others of the same generation share it; a failed read is not kept. */
  hiddenState(read: () => Promise<HiddenState>): Promise<HiddenState> {
    if (this.hidden) return this.hidden;
    const current = read();
    this.hidden = current;
    current.then(
      (state) => {
        if (this.hidden === current) this.hiddenSome = state === "some";
      },
      () => {
        if (this.hidden === current) this.hidden = null;
      },
    );
    return current;
  }

  groupsOf(userID: number, read: () => Promise<number[]>): Promise<number[]> {
    const kept = this.memberOf.get(userID);
    if (kept) return kept;
    if (this.memberOf.size >= MAX_MEMBERS_KEPT) this.memberOf.clear();
    const current = read();
    this.memberOf.set(userID, current);
    current.catch(() => {
      if (this.memberOf.get(userID) === current) this.memberOf.delete(userID);
    });
    return current;
  }
}

const caches = new WeakMap<AppContext, GroupVisibilityCache>();

/** Joins the app's cache layer once (from the add-on's registration). */
export function attachGroupVisibilityCache(context: AppContext): void {
  if (!caches.has(context)) caches.set(context, new GroupVisibilityCache(context));
}

/** The app's cache, or null before the add-on registered (then the rule reads every time). */
export function groupVisibilityCache(context: AppContext): GroupVisibilityCache | null {
  return caches.get(context) ?? null;
}
