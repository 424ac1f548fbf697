import type { BodyFormat, Rich2Document, Rich2Paragraph, Rich2Quote } from "@forum/api/rich2";
import type { CommentQuote } from "@forum/api/comments";
import type { DiscussionQuote } from "@forum/api/discussions";
import { parseRich2 } from "@library/src/editor/serialize";
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
