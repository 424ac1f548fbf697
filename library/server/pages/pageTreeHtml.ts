import type { LayoutNode, WidgetName, WidgetPropsMap } from "@forum/api/widgetProps";
import type { Translate } from "../i18n/translate";
import type { Viewer } from "../permissions/viewer";
import { encodeInOneBlock, encodeOwnSized } from "../cache/keptBytes";
import { html, raw, widget, type SafeHtml } from "./html";

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

/** Writers of add-ons' widgets (page slots that need no script), consulted after the renderer's own. */
const slotWriters = new Map<string, NodeHtmlWriter<WidgetName>>();

/** Whether the server writes this widget as plain markup (no mount point), with these writers or an add-on's. */
export function writesAsHtml(writers: NodeHtmlWriters, name: string): boolean {
  const writer = writers[name as WidgetName] ?? slotWriters.get(name);
  return writer !== undefined && "html" in writer;
}

/** How the server writes an add-on's widget: given, every page tree renderer writes it so. */
export function registerNodeHtml<K extends WidgetName>(name: K, writer: NodeHtmlWriter<K>): void {
  slotWriters.set(name, writer as unknown as NodeHtmlWriter<WidgetName>);
}

function writeNode<K extends WidgetName>(
  node: LayoutNode<K>,
  writers: NodeHtmlWriters,
  context: NodeHtmlContext,
): SafeHtml {
  const writer = writers[node.$reactComponent] ?? slotWriters.get(node.$reactComponent);
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
  return plainContext(writers, page).renderAll(nodes);
}

/** The context that writes every node as it is (no holes). */
function plainContext(writers: NodeHtmlWriters, page: { t: Translate; viewer: Viewer }): NodeHtmlContext {
  // The page's fields written out, not spread before new ones: docs/performance.md.
  const context: NodeHtmlContext = {
    t: page.t,
    viewer: page.viewer,
    render: (child) => (child ? writeNode(child, writers, context) : html``),
    renderAll: (children) => html`${children.map((child) => writeNode(child, writers, context))}`,
  };
  return context;
}

/**
 * A page tree rendered once for many viewers: the HTML around the nodes that differ from one viewer to the
 * next (`holes`, each kept with its HTML as rendered for all), to be filled per request by `fillPageTreeHoles`.
 */
export interface PageTreeSegments {
  /** `holes.length + 1` pieces of HTML, encoded once: piece i comes before hole i. */
  segments: Buffer[];
  holes: { node: LayoutNode; html: Buffer }[];
  /** The bytes of the segments and the holes as rendered for all. */
  bytes: number;
}

/** A marker no rendered text can contain: user text is escaped and sanitised bodies keep no comments. */
const HOLE_MARKER = `<!--hole-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}-->`;
const HOLE_MARKER_BYTES = Buffer.from(HOLE_MARKER);

export function renderPageTreeSegments(
  nodes: readonly LayoutNode[],
  writers: NodeHtmlWriters,
  page: { t: Translate; viewer: Viewer },
  isHole: (node: LayoutNode) => boolean,
): PageTreeSegments {
  const holes: { node: LayoutNode; html: string }[] = [];
  // A hole as rendered for all: written as it is, its own children included (one context for all the holes).
  const plain = plainContext(writers, page);
  const write = (child: LayoutNode): SafeHtml => {
    if (!isHole(child)) return writeNode(child, writers, context);
    holes.push({ node: child, html: writeNode(child, writers, plain).value });
    return raw(HOLE_MARKER);
  };
  const context: NodeHtmlContext = {
    t: page.t,
    viewer: page.viewer,
    render: (child) => (child ? write(child) : html``),
    renderAll: (children) => html`${children.map(write)}`,
  };
  // Kept in a cache past this request: the page and its holes are encoded into one block of their own size, and the
  // segments are views of the page's bytes between the markers (no copy of the page's text to split it).
  const pageText = context.renderAll(nodes).value; // fills `holes`
  const [pageBytes = Buffer.alloc(0), ...holeBytes] = encodeInOneBlock([
    pageText,
    ...holes.map((hole) => hole.html),
  ]);
  const segments: Buffer[] = [];
  let from = 0;
  for (
    let at = pageBytes.indexOf(HOLE_MARKER_BYTES);
    at >= 0;
    at = pageBytes.indexOf(HOLE_MARKER_BYTES, from)
  ) {
    segments.push(pageBytes.subarray(from, at));
    from = at + HOLE_MARKER_BYTES.length;
  }
  segments.push(pageBytes.subarray(from));
  if (segments.length !== holes.length + 1) throw new Error("A page tree's holes went out of step.");
  return {
    segments,
    holes: holes.map((hole, index) => ({ node: hole.node, html: holeBytes[index] ?? Buffer.alloc(0) })),
    bytes: pageBytes.buffer.byteLength,
  };
}

/**
 * What a hole holds for one viewer: the node rendered for all (`"shared"`), or a variant named by `key` (all
 * viewers whose hole has the same key see the same HTML) and made by `node` (null leaves the hole empty).
 */
export type HoleFill = "shared" | { key: string; node: () => LayoutNode | null };

/**
 * Most variants a rendering keeps; past it a variant is written per request. The variants live beside the
 * rendering in the shared cache, outside its byte count: at about half a kilobyte each this keeps a page's
 * variants near 128 KB (a busy page has few states: bookmarked or not, muted or not, each author's own posts).
 */
const MAX_VARIANTS = 256;

/**
 * The HTML of rendered segments, in encoded pieces, with each hole as `fill` gives it for this viewer. A
 * variant is written once per key and kept in `variants` (the rendering's own map), so viewers in the same
 * state (not bookmarked, not muted, no reaction of their own) cost no rendering. `changed` names the variants
 * shown (hole index and key), what sets this viewer's page apart from the shared one.
 */
export function fillPageTreeHoles(
  rendered: PageTreeSegments,
  writers: NodeHtmlWriters,
  page: { t: Translate; viewer: Viewer },
  fill: (node: LayoutNode) => HoleFill,
  variants: Map<string, Buffer>,
): { chunks: Buffer[]; changed: string } {
  const chunks: Buffer[] = [];
  let changed = "";
  rendered.segments.forEach((segment, index) => {
    chunks.push(segment);
    const hole = rendered.holes[index];
    if (!hole) return;
    const filled = fill(hole.node);
    if (filled === "shared") {
      chunks.push(hole.html);
      return;
    }
    const variantKey = `${index}\u0000${filled.key}`;
    changed += `${variantKey}\n`;
    let piece = variants.get(variantKey);
    if (!piece) {
      const node = filled.node();
      const text = node ? renderPageTreeHtml([node], writers, page).value : "";
      const keep = variants.size < MAX_VARIANTS;
      piece = keep ? encodeOwnSized(text) : Buffer.from(text);
      if (keep) variants.set(variantKey, piece);
    }
    chunks.push(piece);
  });
  return { chunks, changed };
}
