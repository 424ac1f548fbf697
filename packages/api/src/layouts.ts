/** `GET /layouts/lookup-hydrate` (API.md 17). Types only: the client imports them freely. */

export type LayoutViewType =
  | "home"
  | "subcommunityHome"
  | "discussionList"
  | "categoryList"
  | "discussionCategoryPage"
  | "post"
  | "createPost";

export type DeviceVisibility = "mobile" | "desktop" | "all";

export type { LayoutNode } from "./widgetProps";
import type { LayoutNode } from "./widgetProps";

export interface LayoutQuery {
  layoutViewType: LayoutViewType;
  recordType: string;
  recordID: string;
  params: Record<string, string>;
}

export interface HydratedLayout {
  layoutID: string | number;
  layoutViewType: LayoutViewType;
  /** The page title, for document.title. */
  title?: string;
  layout: LayoutNode[];
  titleBar: LayoutNode;
  contexts?: LayoutNode[];
}

export interface LayoutRedirect {
  redirectTo: string;
  status: 301 | 302;
}

export type LayoutResponse = HydratedLayout | LayoutRedirect;

/** What a page embeds so the first render needs no second fetch (`<script id="initial-layout">`). */
export interface InitialLayout {
  query: LayoutQuery;
  data: LayoutResponse;
}

export function isLayoutRedirect(response: LayoutResponse): response is LayoutRedirect {
  return "redirectTo" in response;
}
