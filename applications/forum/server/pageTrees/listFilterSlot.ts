import type { LayoutNode } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import type { SiteSlotContext } from "@library/server/pages/pageSlots";
import type { Viewer } from "@library/server/permissions/viewer";
import type { ListPostFilter } from "../pageParts/listViews";

/** A discussion list page (the recent discussions, a category's): where its filter controls lead. */
export interface ListFilterSlotContext extends SiteSlotContext {
  /** The list's address without page or query (`/discussions`, `/categories/general`). */
  listUrl: string;
  /** The category whose list it is; absent on the recent discussions. */
  categoryID?: number;
  /** The `?type=…&statusID=…` filter in force. */
  filter: ListPostFilter;
}

declare module "@library/server/pages/pageSlots" {
  interface PageSlotContexts {
    /** Above a discussion list: filter controls (e.g. a post type's statuses) leading to `?type=…&statusID=…`. */
    "discussionList.filters": ListFilterSlotContext;
  }
}

/** The list's filter controls, from the `discussionList.filters` slot (none when no add-on offers any). */
export function listFilterNodes(
  app: AppContext,
  viewer: Viewer,
  where: Omit<ListFilterSlotContext, "app" | "viewer">,
): Promise<LayoutNode[]> {
  return app.pageSlots.nodes("discussionList.filters", { app, viewer, ...where });
}
