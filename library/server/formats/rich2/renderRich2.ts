import { escapeHtml } from "../../pages/html";
import { mentionHtml, unique } from "../mentions";
import { PlainTextBuilder } from "../plainText";
import type { RenderedBody } from "../renderedBody";
import { isExternalUrl, safeImageUrl, safeUrl } from "../safeUrl";
import { childrenOf, isNode, isTextLeaf, parseRich2, type Rich2Node, stringOf } from "./parseRich2";

/** Deeper nodes are not rendered, so hostile input cannot blow the stack. */
export const RICH2_MAX_DEPTH = 20;
/** Rendering stops after this many nodes. */
export const RICH2_MAX_NODES = 20_000;

export interface Rich2Rendered extends RenderedBody {
  /** True when the depth or node limit cut the document short. */
  truncated: boolean;
}

const SIMPLE_BLOCKS = new Set(["p", "h2", "h3", "h4", "h5"]);
const MARKS: [mark: string, tag: string][] = [
  ["code", "code"],
  ["strikethrough", "s"],
  ["underline", "u"],
  ["italic", "em"],
  ["bold", "strong"],
];

function linkAttributes(href: string): string {
  const rel = isExternalUrl(href) ? ' rel="nofollow ugc noopener"' : "";
  return ` href="${escapeHtml(href)}"${rel}`;
}

/** The whitelist renderer of the rich2 contract (packages/api/src/rich2.ts); unknown nodes keep only text. */
class Rich2Renderer {
  readonly text = new PlainTextBuilder();
  readonly mentions: string[] = [];
  readonly images: string[] = [];
  truncated = false;
  private nodes = 0;

  blocks(children: unknown[], depth: number): string {
    return children.map((child) => this.block(child, depth)).join("");
  }

  private enter(node: unknown, depth: number): node is Rich2Node {
    if (!isNode(node)) return false;
    this.nodes++;
    if (depth > RICH2_MAX_DEPTH || this.nodes > RICH2_MAX_NODES) {
      this.truncated = true;
      return false;
    }
    return true;
  }

  private block(node: unknown, depth: number): string {
    if (!this.enter(node, depth)) return "";
    const type = node.type;
    const children = childrenOf(node);
    const next = depth + 1;
    if (isTextLeaf(node) || type === "a" || type === "mention") return this.inlineNode(node, depth);
    if (typeof type !== "string") return this.plain(children, next);
    if (SIMPLE_BLOCKS.has(type)) return this.wrapBlock(type, this.inlines(children, next));
    switch (type) {
      case "ul":
      case "ol":
        return `<${type}>${children.map((child) => this.listItem(child, next)).join("")}</${type}>`;
      case "li":
        return this.wrapBlock("li", this.blocks(children, next));
      case "blockquote":
        return `<blockquote>${this.blocks(children, next)}</blockquote>`;
      case "spoiler":
        return `<div class="spoiler"><button type="button" class="spoiler-toggle" aria-expanded="false">Spoiler</button><div class="spoiler-content" hidden>${this.blocks(children, next)}</div></div>`;
      case "code_block":
        return this.codeBlock(children, next);
      case "img":
        return this.image(node);
      case "quote":
        return this.quote(node, children, next);
      case "hr":
        this.text.lineBreak();
        return "<hr>";
      default:
        return this.plain(children, next);
    }
  }

  private wrapBlock(tag: string, inner: string): string {
    this.text.lineBreak();
    return `<${tag}>${inner}</${tag}>`;
  }

  private listItem(node: unknown, depth: number): string {
    if (isNode(node) && node.type === "li") return this.block(node, depth);
    const inner = this.block(node, depth);
    return inner === "" ? "" : this.wrapBlock("li", inner);
  }

  private codeBlock(children: unknown[], depth: number): string {
    const lines = children.map((child) => (this.enter(child, depth) ? (stringOf(child, "text") ?? "") : ""));
    const code = lines.join("\n");
    this.text.lineBreak();
    this.text.add(code);
    this.text.lineBreak();
    return `<pre class="code codeBlock"><code>${escapeHtml(code)}</code></pre>`;
  }

  private image(node: Rich2Node): string {
    const src = safeImageUrl(stringOf(node, "url") ?? "");
    if (src === null) return "";
    this.images.push(src);
    const alt = stringOf(node, "alt") ?? "";
    return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy">`;
  }

  private quote(node: Rich2Node, children: unknown[], depth: number): string {
    const author = isNode(node.author) ? (stringOf(node.author, "name") ?? "") : "";
    const href = safeUrl(stringOf(node, "url") ?? "");
    const name = escapeHtml(author);
    const who = href === null || href === "" ? name : `<a${linkAttributes(href)}>${name}</a>`;
    this.text.lineBreak();
    const body = this.blocks(children, depth);
    return `<blockquote class="quote"><div class="quote-header">${who} wrote:</div><div class="quote-body">${body}</div></blockquote>`;
  }

  private inlines(children: unknown[], depth: number): string {
    return children.map((child) => (this.enter(child, depth) ? this.inlineNode(child, depth) : "")).join("");
  }

  private inlineNode(node: Rich2Node, depth: number): string {
    if (isTextLeaf(node)) return this.leaf(node);
    const children = childrenOf(node);
    if (node.type === "mention") {
      const name = (stringOf(node, "name") ?? "").trim();
      if (name === "") return this.plain(children, depth + 1);
      this.mentions.push(name);
      this.text.add(`@${name}`);
      return mentionHtml(name);
    }
    if (node.type === "a") {
      const href = safeUrl(stringOf(node, "url") ?? "");
      const inner = this.inlines(children, depth + 1);
      return href === null || href === "" ? inner : `<a${linkAttributes(href)}>${inner}</a>`;
    }
    return this.plain(children, depth + 1);
  }

  private leaf(node: Rich2Node): string {
    const text = stringOf(node, "text") ?? "";
    this.text.add(text);
    let html = escapeHtml(text).replace(/\r?\n/g, "<br>");
    for (const [mark, tag] of MARKS) {
      if (node[mark] === true) html = `<${tag}>${html}</${tag}>`;
    }
    return html;
  }

  /** Unknown nodes: only their text survives, escaped, without marks. */
  private plain(children: unknown[], depth: number): string {
    return children
      .map((child) => {
        if (!this.enter(child, depth)) return "";
        if (isTextLeaf(child)) {
          const text = stringOf(child, "text") ?? "";
          this.text.add(text);
          return escapeHtml(text);
        }
        return this.plain(childrenOf(child), depth + 1);
      })
      .join("");
  }
}

/** Renders parsed rich2 nodes. */
export function renderRich2Nodes(nodes: unknown[]): Rich2Rendered {
  const renderer = new Rich2Renderer();
  const html = renderer.blocks(nodes, 0);
  return {
    html,
    text: renderer.text.toString(),
    mentions: unique(renderer.mentions),
    images: renderer.images,
    truncated: renderer.truncated,
  };
}

/** Renders a stored rich2 body (JSON text); `null` when it is not a rich2 document. */
export function renderRich2(raw: string): Rich2Rendered | null {
  const nodes = parseRich2(raw);
  return nodes === null ? null : renderRich2Nodes(nodes);
}
