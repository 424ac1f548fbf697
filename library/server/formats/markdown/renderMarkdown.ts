import MarkdownIt from "markdown-it";
import { escapeHtml } from "../../pages/html";
import type { RenderedBody } from "../renderedBody";
import { sanitizeHtmlDetailed } from "../sanitizeHtml";

/** Raw HTML is escaped (html: false), bare URLs become links, single newlines become `<br>`. */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

const renderCodeBlock: NonNullable<MarkdownIt["renderer"]["rules"]["fence"]> = (tokens, index) =>
  `<pre class="code codeBlock"><code>${escapeHtml(tokens[index]?.content ?? "")}</code></pre>\n`;
markdown.renderer.rules.fence = renderCodeBlock;
markdown.renderer.rules.code_block = renderCodeBlock;

/** Markdown to sanitised HTML; markdown-it's output still goes through the sanitiser, and @mentions are linked. */
export function renderMarkdown(raw: string): RenderedBody {
  return sanitizeHtmlDetailed(markdown.render(raw), { linkMentions: true });
}
