/**
 * The props of the widgets a stored layout adds (issue 25): the three-column section and the item widgets
 * of SPEC 2 "Home widgets". Types only, merged into the page tree's widget map.
 */
import type { ItemOptions } from "./storedLayouts";
import type { LayoutNode } from "./widgetProps";

/** One item of an item widget: a discussion, a category or a link the editor typed. */
export interface WidgetItem {
  key: string;
  name: string;
  url: string;
  description?: string;
  imageUrl?: string;
  iconUrl?: string;
  /** Under the title: who wrote it, a count. */
  meta?: string;
}

export interface ItemsWidgetProps {
  title?: string;
  items: WidgetItem[];
  itemOptions: ItemOptions;
  /** 'View All' link under the items. */
  viewAllUrl?: string;
}

declare module "./widgetProps" {
  interface WidgetPropsMap {
    /** Left, middle and right panels (three columns from 1200 px, stacked below). */
    SectionThreeColumns: { leftBottom: LayoutNode[]; middleBottom: LayoutNode[]; rightBottom: LayoutNode[] };
    /** Recent discussions as items. */
    DiscussionsWidget: ItemsWidgetProps;
    /** Links the editor typed, as items. */
    LinksWidget: ItemsWidgetProps;
    /** A custom fragment's code, run in a sandboxed frame (API.md 18); 'Error Loading Fragment' on failure. */
    CustomFragmentWidget: { title?: string; fragmentUUID: string; jsUrl: string; cssUrl: string };
  }
}
