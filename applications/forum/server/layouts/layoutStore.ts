import type { StoredLayout } from "@forum/api/storedLayouts";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import "./layoutTables";

/** A layout row and where it applies, as the API shows it (`StoredLayoutSchema`). */
export async function loadLayouts(db: DbOrTx, ids?: readonly number[]): Promise<StoredLayout[]> {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom("layouts").selectAll().orderBy("layoutID");
  if (ids) query = query.where("layoutID", "in", ids);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const views = await db
    .selectFrom("layoutViews")
    .select(["layoutID", "recordType", "recordID"])
    .where(
      "layoutID",
      "in",
      rows.map((row) => row.layoutID),
    )
    .orderBy("recordType")
    .orderBy("recordID")
    .execute();
  return rows.map((row) => ({
    layoutID: row.layoutID,
    name: row.name,
    layoutViewType: row.layoutViewType as StoredLayout["layoutViewType"],
    layout: JSON.parse(row.layout) as StoredLayout["layout"],
    views: views
      .filter((view) => view.layoutID === row.layoutID)
      .map((view) => ({
        recordType: view.recordType as StoredLayout["views"][number]["recordType"],
        recordID: view.recordID,
      })),
    insertUserID: row.insertUserID,
    dateInserted: row.dateInserted,
    updateUserID: row.updateUserID,
    dateUpdated: row.dateUpdated,
  }));
}

/** Every assigned layout, keyed `viewType:recordType:recordID`: what page requests look up. */
export interface AssignedLayouts {
  byView: Map<string, StoredLayout>;
}

export function viewKey(layoutViewType: string, recordType: string, recordID: number): string {
  return `${layoutViewType}:${recordType}:${recordID}`;
}

async function loadAssigned(db: DbOrTx): Promise<AssignedLayouts> {
  const assigned = await db.selectFrom("layoutViews").select("layoutID").distinct().execute();
  const layouts = await loadLayouts(
    db,
    assigned.map((row) => row.layoutID),
  );
  const byView = new Map<string, StoredLayout>();
  for (const layout of layouts)
    for (const view of layout.views)
      byView.set(viewKey(layout.layoutViewType, view.recordType, view.recordID), layout);
  return { byView };
}

/**
 * Stored layouts are read by every page drawn from a layout: kept in memory, retired through the cache layer
 * (docs/caching.md) by any write naming `layouts`, here or in another process.
 */
class AssignedLayoutCache {
  private pending: Promise<AssignedLayouts> | null = null;

  constructor(private readonly context: AppContext) {
    context.caches.define({
      name: "stored layouts",
      dependsOn: ["layouts"],
      retire: () => {
        this.pending = null;
      },
    });
  }

  get(): Promise<AssignedLayouts> {
    const cached = this.pending;
    if (cached) return cached;
    const loading = loadAssigned(this.context.db);
    this.pending = loading;
    // A failed read is not kept.
    loading.catch(() => {
      if (this.pending === loading) this.pending = null;
    });
    return loading;
  }
}

const caches = new WeakMap<AppContext, AssignedLayoutCache>();

export function assignedLayouts(context: AppContext): Promise<AssignedLayouts> {
  let cache = caches.get(context);
  if (!cache) {
    cache = new AssignedLayoutCache(context);
    caches.set(context, cache);
  }
  return cache.get();
}
