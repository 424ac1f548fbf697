import type { StoredLayout } from "@forum/api/storedLayouts";
import type { AppContext } from "@library/server/app/appContext";
import { KeptRead } from "@library/server/cache/keptRead";
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
const caches = new WeakMap<AppContext, KeptRead<AssignedLayouts>>();

export function assignedLayouts(context: AppContext): Promise<AssignedLayouts> {
  let cache = caches.get(context);
  if (!cache) {
    cache = new KeptRead(context.caches, { name: "stored layouts", dependsOn: ["layouts"] }, () =>
      loadAssigned(context.db),
    );
    caches.set(context, cache);
  }
  return cache.get();
}
