import type { FastifyRequest } from "fastify";
import type { HydratedLayout, LayoutViewType } from "@forum/api/layouts";
import type { LayoutNode } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import { siteOrigin } from "@library/server/http/pagination";
import { requestSiteSection, type RequestSiteSection } from "@library/server/http/siteSections";
import type { Translate } from "@library/server/i18n/translate";
import { TITLE_BAR_NODE } from "@library/server/pages/pageTree";
import { REPLY_DISPLAY_COOKIE } from "../comments/replyDisplay";
import type { Viewer } from "@library/server/permissions/viewer";

/** Who asks for a page tree, and from where. */
export interface PageTreeRequest {
  viewer: Viewer;
  t: Translate;
  /** The site origin, for absolute permalinks. */
  origin: string;
  /** A guest's flat/threaded choice (cookie). */
  replyDisplayCookie?: string;
  /** The site section the page was asked for (`/fr/…`, or `siteSectionID` of a layout query). */
  siteSection?: RequestSiteSection;
}

export function pageTreeRequest(context: AppContext, request: FastifyRequest): PageTreeRequest {
  const replyDisplayCookie = request.cookies[REPLY_DISPLAY_COOKIE];
  const siteSection = requestSiteSection(request);
  return {
    viewer: request.viewer,
    t: request.t,
    origin: siteOrigin(request, context.config.siteUrl),
    ...(replyDisplayCookie !== undefined && { replyDisplayCookie }),
    ...(siteSection && { siteSection }),
  };
}

/**
 * One page built once: the layout both renderers draw (the server as HTML, the single-page app from
 * `lookup-hydrate`) and what only the server page's head needs.
 */
export interface BuiltPage {
  layout: HydratedLayout;
  canonicalPath: string;
  description?: string;
  /** The record a stored layout may be assigned to (with its category, whose chain is searched next). */
  layoutRecord?: LayoutRecord;
}

export interface LayoutRecord {
  recordType: "discussion" | "category";
  recordID: number;
  categoryID: number;
}

export function builtPage(
  layoutViewType: LayoutViewType,
  title: string,
  nodes: LayoutNode[],
  head: { canonicalPath: string; description?: string; layoutRecord?: LayoutRecord },
): BuiltPage {
  return {
    layout: { layoutID: layoutViewType, layoutViewType, title, layout: nodes, titleBar: TITLE_BAR_NODE },
    ...head,
  };
}
