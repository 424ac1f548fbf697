import { Type, type Static } from "@sinclair/typebox";
import type { HydratedLayout } from "@forum/api/layouts";
import { LayoutPostSchema, type StoredLayout } from "@forum/api/storedLayouts";
import type { AppContext } from "@library/server/app/appContext";
import { node, TITLE_BAR_NODE } from "@library/server/pages/pageTree";
import type { PageTreeRequest } from "../pageTrees/builtPage";
import { checkLayout, LAYOUT_MANAGERS } from "./layoutCommands";
import { hydrateStoredLayout } from "./layoutHydration";

declare module "@forum/api/widgetProps" {
  interface WidgetPropsMap {
    /** Where the page's own content goes, in the layout editor's preview (its page has no record). */
    PageContentPlaceholder: Record<string, never>;
  }
}

/** `POST /layouts/hydrate`: a layout being edited, not saved, for its preview. */
export const LayoutHydrateBodySchema = Type.Pick(LayoutPostSchema, ["layoutViewType", "layout"]);
export type LayoutHydrateBody = Static<typeof LayoutHydrateBodySchema>;

/**
 * The layout editor's live preview: the sections and widgets as they stand in the editor, checked by the same
 * rules as a save and filled with the site's data as the viewer sees it by the same hydration as
 * `lookup-hydrate`; the page's own content is a placeholder (a preview is of no one discussion or category).
 */
export async function previewLayout(
  context: AppContext,
  request: PageTreeRequest,
  body: LayoutHydrateBody,
): Promise<HydratedLayout> {
  request.viewer.require(LAYOUT_MANAGERS);
  await checkLayout(context.db, body.layout);
  const layout: StoredLayout = {
    layoutID: 0,
    name: "",
    layoutViewType: body.layoutViewType,
    layout: body.layout,
    views: [],
    insertUserID: request.viewer.userID,
    dateInserted: new Date(0).toISOString(),
    updateUserID: null,
    dateUpdated: null,
  };
  const nodes = await hydrateStoredLayout(
    { context, request, builtNodes: [node("PageContentPlaceholder", {})] },
    layout,
  );
  return {
    layoutID: "preview",
    layoutViewType: body.layoutViewType,
    layout: nodes,
    titleBar: TITLE_BAR_NODE,
  };
}
