import type { FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { requestSiteSection, siteSections } from "@library/server/http/siteSections";
import { getCategoryTree } from "../categories/categoryTree";

/**
 * SPEC 2 site sections: a discussion or category page asked for through a section's folder (`/fr/…`) whose
 * category is outside the section's subtree is not shown as part of it. The address it belongs at instead: in
 * the section whose subtree holds it (the nearest root), else on the site itself; null when it is in place.
 */
export async function sectionPlacementRedirect(
  context: AppContext,
  request: FastifyRequest,
  categoryID: number,
): Promise<string | null> {
  const section = requestSiteSection(request);
  if (!section || section.rootCategoryID === null) return null;
  const ancestors = (await getCategoryTree(context.db)).ancestorIDs(categoryID);
  if (ancestors.includes(section.rootCategoryID)) return null;
  let home: { slug: string; depth: number } | null = null;
  for (const other of siteSections(context).all()) {
    const depth = other.rootCategoryID === null ? -1 : ancestors.indexOf(other.rootCategoryID);
    if (depth >= 0 && (!home || depth > home.depth)) home = { slug: other.slug, depth };
  }
  return `${home ? `/${home.slug}` : ""}${request.url}`;
}
