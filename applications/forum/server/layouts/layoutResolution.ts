import type { HydratedLayout, LayoutQuery } from "@forum/api/layouts";
import type { StoredLayout } from "@forum/api/storedLayouts";
import type { AppContext } from "@library/server/app/appContext";
import { getCategoryTree } from "../categories/categoryTree";
import type { BuiltPage, PageTreeRequest } from "../pageTrees/builtPage";
import { hydrateStoredLayout } from "./layoutHydration";
import { assignedLayouts, viewKey } from "./layoutStore";

function siteSectionOf(query: LayoutQuery): number {
  const raw = query.recordType === "siteSection" ? query.recordID : query.params.siteSectionID;
  return raw !== undefined && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
}

/**
 * API.md 17 layout resolution: the layout assigned to the record, then to its parent category chain, then to
 * the site section, then the site default for the view type; null leaves the built-in default.
 */
export async function resolveStoredLayout(
  context: AppContext,
  query: LayoutQuery,
  built: BuiltPage,
): Promise<StoredLayout | null> {
  const { byView } = await assignedLayouts(context);
  if (byView.size === 0) return null;
  const viewType = built.layout.layoutViewType;
  const candidates: [string, number][] = [];
  const record = built.layoutRecord;
  if (record) {
    if (record.recordType === "discussion") candidates.push(["discussion", record.recordID]);
    const tree = await getCategoryTree(context.db);
    for (const categoryID of tree.ancestorIDs(record.categoryID).reverse())
      candidates.push(["category", categoryID]);
  }
  candidates.push(["siteSection", siteSectionOf(query)], ["global", -1]);
  for (const [recordType, recordID] of candidates) {
    const layout = byView.get(viewKey(viewType, recordType, recordID));
    if (layout) return layout;
  }
  return null;
}

/** The built-in page, or the stored layout that applies to it filled with data. */
export async function withStoredLayout(
  context: AppContext,
  request: PageTreeRequest,
  query: LayoutQuery,
  built: BuiltPage,
): Promise<HydratedLayout> {
  const stored = await resolveStoredLayout(context, query, built);
  if (!stored) return built.layout;
  const nodes = await hydrateStoredLayout({ context, request, builtNodes: built.layout.layout }, stored);
  return { ...built.layout, layoutID: stored.layoutID, layout: nodes };
}
