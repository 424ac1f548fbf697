import type { FastifyRequest } from "fastify";
import type { LayoutQuery } from "@forum/api/layouts";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { requestSiteSection, siteSections, type RequestSiteSection } from "@library/server/http/siteSections";
import { categoryIDsWith, categoryUrl, getCategoryTree } from "../categories/categoryTree";
import { discussionUrl } from "../content/urls";
import { getDiscussionRow } from "../discussions/discussionRows";

/**
 * SPEC 2 site sections: a discussion or category of another part of the site, asked for through a section's
 * folder (`/fr/…`), is not shown as part of it. The folder it belongs in instead: the section whose subtree holds
 * it (the nearest root, `/de`), else the site itself (""); null when it is in place, or when the viewer may not
 * read that category (the page then answers as for any discussion they may not read: a redirect would tell that
 * the record exists, and a layout's `redirectTo` would carry its title).
 */
export async function placementOutside(
  context: AppContext,
  viewer: Viewer,
  section: RequestSiteSection | null | undefined,
  categoryID: number,
): Promise<string | null> {
  if (!section || section.rootCategoryID === null) return null;
  const tree = await getCategoryTree(context.db);
  const ancestors = tree.ancestorIDs(categoryID);
  if (ancestors.includes(section.rootCategoryID)) return null;
  if (!categoryIDsWith(tree, viewer).has(categoryID)) return null;
  let home: { slug: string; depth: number } | null = null;
  for (const other of siteSections(context).all()) {
    const depth = other.rootCategoryID === null ? -1 : ancestors.indexOf(other.rootCategoryID);
    if (depth >= 0 && (!home || depth > home.depth)) home = { slug: other.slug, depth };
  }
  return home ? `/${home.slug}` : "";
}

/** The address a page asked for through a section's folder belongs at instead (its path and query kept), or null. */
export async function sectionPlacementRedirect(
  context: AppContext,
  request: FastifyRequest,
  categoryID: number,
): Promise<string | null> {
  const base = await placementOutside(context, request.viewer, requestSiteSection(request), categoryID);
  return base === null ? null : `${base}${request.url}`;
}

/**
 * The same for the single-page app's layout of a discussion or a category page (API.md 17 `redirectTo`): the
 * record's own address in the folder it belongs in, or null.
 */
export async function layoutPlacementRedirect(
  context: AppContext,
  viewer: Viewer,
  section: RequestSiteSection | undefined,
  query: LayoutQuery,
): Promise<string | null> {
  if (!section || section.rootCategoryID === null) return null;
  if (
    query.layoutViewType === "post" &&
    query.recordType === "discussion" &&
    /^\d{1,10}$/.test(query.recordID)
  ) {
    const row = await getDiscussionRow(context.db, Number(query.recordID));
    const base = row ? await placementOutside(context, viewer, section, row.categoryID) : null;
    return base === null || !row ? null : `${base}${discussionUrl(row.discussionID, row.name)}`;
  }
  if (query.layoutViewType === "discussionCategoryPage") {
    const category = (await getCategoryTree(context.db)).find(query.recordID);
    const base = category ? await placementOutside(context, viewer, section, category.categoryID) : null;
    return base === null || !category ? null : `${base}${categoryUrl(category.urlcode)}`;
  }
  return null;
}
