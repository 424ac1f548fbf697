import type { LayoutNode, WidgetName, WidgetPropsMap } from "@forum/api/widgetProps";
import type { Translate } from "../i18n/translate";
import type { Viewer } from "../permissions/viewer";
import { html, widget, type SafeHtml } from "./html";

/** What a node's HTML needs besides its props: the page's `t()`, the viewer, and its children rendered. */
export interface NodeHtmlContext {
  t: Translate;
  viewer: Viewer;
  /** A child node's HTML (nothing for `undefined`). */
  render: (node: LayoutNode | undefined) => SafeHtml;
  renderAll: (nodes: readonly LayoutNode[]) => SafeHtml;
}

/**
 * How the server writes one widget of the tree:
 * - `html`: plain markup (the widget needs no script: a post, a breadcrumb trail); its child nodes are written
 *   by the same renderer, so they get their own mount points;
 * - `mount`: a `data-react` mount point with the node's props as JSON, around HTML readers see without script.
 * A widget without a writer (an add-on's) becomes a bare mount point.
 */
export type NodeHtmlWriter<K extends WidgetName> =
  | { html: (props: WidgetPropsMap[K], context: NodeHtmlContext) => SafeHtml }
  | {
      mount: { tag?: "div" | "span" | "nav" | "section"; attributes?: Record<string, string> };
      fallback?: (props: WidgetPropsMap[K], context: NodeHtmlContext) => SafeHtml;
    };

export type NodeHtmlWriters = { [K in WidgetName]?: NodeHtmlWriter<K> };

function writeNode<K extends WidgetName>(
  node: LayoutNode<K>,
  writers: NodeHtmlWriters,
  context: NodeHtmlContext,
): SafeHtml {
  const writer = writers[node.$reactComponent];
  const props = node.$reactProps;
  if (writer && "html" in writer) return writer.html(props, context);
  const fallback = writer?.fallback ? writer.fallback(props, context) : html``;
  return widget(
    writer?.mount.tag ?? "div",
    node.$reactComponent,
    props,
    fallback,
    writer?.mount.attributes ?? {},
  );
}

/**
 * The server's renderer of a page tree (the single-page app's is LayoutRenderer): the same nodes, written as
 * HTML with `data-react` mount points for the widgets that need script.
 */
export function renderPageTreeHtml(
  nodes: readonly LayoutNode[],
  writers: NodeHtmlWriters,
  page: { t: Translate; viewer: Viewer },
): SafeHtml {
  const context: NodeHtmlContext = {
    ...page,
    render: (child) => (child ? writeNode(child, writers, context) : html``),
    renderAll: (children) => html`${children.map((child) => writeNode(child, writers, context))}`,
  };
  return context.renderAll(nodes);
}
