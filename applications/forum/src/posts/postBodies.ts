import type { BodyFormat, Rich2Document, Rich2Paragraph, Rich2Quote } from "@forum/api/rich2";
import type { CommentQuote } from "@forum/api/comments";
import type { DiscussionQuote } from "@forum/api/discussions";
import { parseRich2 } from "@library/src/editor/serialize";
import { htmlToRich2 } from "@library/src/editor/htmlToRich2";
import { sanitizeDocument } from "@library/src/editor/sanitize";

function paragraph(text: string): Rich2Paragraph {
  return { type: "p", children: [{ text }] };
}

/** Markdown/text/wysiwyg bodies become one paragraph per line (blank lines dropped); an empty body one empty paragraph. */
export function textToParagraphs(text: string): Rich2Document {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .filter((line) => line.trim() !== "");
  return lines.length > 0 ? lines.map(paragraph) : [paragraph("")];
}

/**
 * A post to edit as an editor document: rich2 is parsed; a Markdown, text or HTML post is read from its rendered
 * HTML (`renderedHtml`), so bold stays bold, a mention a mention and a link a link (deliverable: editing keeps
 * content intact). Without the rendered HTML (not reachable), other formats become paragraphs of their text.
 */
export async function editableDocument(
  edit: { body: string; format: BodyFormat },
  renderedHtml: () => Promise<string | undefined>,
): Promise<Rich2Document> {
  if (edit.format === "rich2") return bodyToDocument(edit.body, edit.format);
  let html: string | undefined;
  try {
    html = await renderedHtml();
  } catch {
    // Unreachable just now: the text itself is still better than nothing to edit.
  }
  return html === undefined ? textToParagraphs(edit.body) : htmlToRich2(html);
}

/** A stored body (`GET …/edit`) as an editor document: rich2 is parsed, other formats become paragraphs. */
export function bodyToDocument(body: string, format: BodyFormat): Rich2Document {
  if (format === "rich2") {
    const parsed = parseRich2(body);
    if (parsed && parsed.length > 0) return parsed;
  }
  return textToParagraphs(body);
}

/** A quote's `bodyRaw` (parsed JSON for rich2, text otherwise) as rich2 blocks. */
function quoteChildren(bodyRaw: unknown, format: BodyFormat): Rich2Document {
  if (format === "rich2") {
    const blocks = Array.isArray(bodyRaw)
      ? sanitizeDocument(bodyRaw)
      : typeof bodyRaw === "string"
        ? parseRich2(bodyRaw)
        : null;
    if (blocks && blocks.length > 0) return blocks;
  }
  return [paragraph(typeof bodyRaw === "string" ? bodyRaw : "")];
}

/** The rich2 quote node that Quote inserts into the comment composer. */
export function quoteNode(quote: DiscussionQuote | CommentQuote): Rich2Quote {
  return {
    type: "quote",
    author: { name: quote.insertUser.name, userID: quote.insertUser.userID },
    url: quote.url,
    children: quoteChildren(quote.bodyRaw, quote.format),
  };
}
