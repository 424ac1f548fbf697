import { escapeHtml } from "../../pages/html";
import type { RenderedBody } from "../renderedBody";
import { sanitizeHtmlDetailed } from "../sanitizeHtml";

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/** Escapes a line of text and links its http(s) URLs (trailing punctuation stays outside the link). */
function autolink(text: string): string {
  let html = "";
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** Plain text: paragraphs at blank lines, `<br>` at single newlines, URLs and @mentions linked. */
export function renderText(raw: string): RenderedBody {
  const paragraphs = raw
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
  const html = paragraphs
    .map((paragraph) => `<p>${paragraph.split("\n").map(autolink).join("<br>")}</p>`)
    .join("");
  return sanitizeHtmlDetailed(html, { linkMentions: true });
}
