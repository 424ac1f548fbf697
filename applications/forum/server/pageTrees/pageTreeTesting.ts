import type { LayoutNode } from "@forum/api/widgetProps";
import { writesAsHtml } from "@library/server/pages/pageTreeHtml";
import { forumNodeHtml } from "./forumNodeHtml";

/** A widget as a page carries it: a `data-react` mount point and its props. */
export interface MountedWidget {
  component: string;
  props: unknown;
}

function decodeAttribute(value: string): string {
  return value.replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&amp;/g, "&");
}

/**
 * Widgets of the page's frame rather than its layout: the title bar, and the reader's colour scheme choice and
 * theme preview toast that the application owning themes adds to every page.
 */
const PAGE_FRAME_WIDGETS = new Set(["TitleBar", "ColorSchemePicker", "ThemePreviewToast"]);

/** Every `data-react` mount point of a server page (its frame's excepted), sorted for comparison. */
export function mountPointsOf(page: string): MountedWidget[] {
  const found: MountedWidget[] = [];
  for (const match of page.matchAll(/data-react="([^"]+)" data-props='([^']*)'/g)) {
    const [, component = "", props = ""] = match;
    if (PAGE_FRAME_WIDGETS.has(component)) continue;
    found.push({ component, props: JSON.parse(decodeAttribute(props)) as unknown });
  }
  return sortWidgets(found);
}

function isNode(value: unknown): value is LayoutNode {
  return typeof value === "object" && value !== null && "$reactComponent" in value;
}

/** Every node of a tree, depth first. */
export function nodesOf(nodes: readonly unknown[]): LayoutNode[] {
  const out: LayoutNode[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      out.push(value);
      Object.values(value.$reactProps).forEach(visit);
    }
  };
  nodes.forEach(visit);
  return out;
}

/**
 * The nodes of a tree the server writes as mount points (every widget without a plain-HTML writer). Nodes in a
 * mount point's props (a Share menu's items) travel inside its props, not as mount points of their own.
 */
export function widgetsOf(nodes: readonly unknown[]): MountedWidget[] {
  const out: MountedWidget[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      if (writesAsHtml(forumNodeHtml, value.$reactComponent)) Object.values(value.$reactProps).forEach(visit);
      else out.push({ component: value.$reactComponent, props: value.$reactProps });
    }
  };
  nodes.forEach(visit);
  return sortWidgets(out);
}

function sortWidgets(widgets: MountedWidget[]): MountedWidget[] {
  const key = (widget: MountedWidget) => `${widget.component}:${JSON.stringify(widget.props)}`;
  return widgets.sort((a, b) => key(a).localeCompare(key(b)));
}
