import { Parser } from "htmlparser2";
import { escapeHtml } from "../pages/html";
import { linkMentions, unique } from "./mentions";
import { PlainTextBuilder } from "./plainText";
import type { RenderedBody } from "./renderedBody";
import {
  type AllowedElement,
  allowElement,
  BLOCK_ELEMENTS,
  DROP_WITH_CONTENT,
  NO_MENTION_ELEMENTS,
  VOID_ELEMENTS,
} from "./sanitizeRules";

export interface SanitizeOptions {
  /** Turn `@name` in text (outside links and code) into mention links. */
  linkMentions?: boolean;
  /** Elements nested deeper than this are dropped (their text is kept). */
  maxDepth?: number;
}

interface Frame {
  close: string;
  dropsContent: boolean;
  blocksMentions: boolean;
  isBlock: boolean;
}

function openTag(element: AllowedElement): string {
  const attributes = element.attributes
    .map(([name, value]) => (value === null ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join("");
  return `<${element.name}${attributes}>`;
}

/** One pass over the parser's events, writing only what the allow-list keeps. */
class Sanitizer {
  private readonly out: string[] = [];
  private readonly stack: Frame[] = [];
  private readonly text = new PlainTextBuilder();
  private readonly mentions: string[] = [];
  private readonly images: string[] = [];
  private pendingText = "";
  private dropDepth = 0;
  private noMentionDepth = 0;

  constructor(private readonly options: Required<SanitizeOptions>) {}

  openTag(tagName: string, attributes: Record<string, string>): void {
    this.flushText();
    const dropsContent = DROP_WITH_CONTENT.has(tagName);
    const allowed =
      this.dropDepth > 0 || dropsContent || this.stack.length >= this.options.maxDepth
        ? null
        : allowElement(tagName, attributes);
    const frame: Frame = {
      close: allowed === null || VOID_ELEMENTS.has(allowed.name) ? "" : `</${allowed.name}>`,
      dropsContent,
      blocksMentions: NO_MENTION_ELEMENTS.has(allowed?.name ?? tagName),
      isBlock: BLOCK_ELEMENTS.has(allowed?.name ?? tagName),
    };
    this.stack.push(frame);
    if (dropsContent) this.dropDepth++;
    if (frame.blocksMentions) this.noMentionDepth++;
    if (this.dropDepth > 0) return;
    if (allowed !== null) {
      this.out.push(openTag(allowed));
      this.record(allowed);
    }
    if (frame.isBlock) this.text.lineBreak();
  }

  closeTag(): void {
    this.flushText();
    const frame = this.stack.pop();
    if (!frame) return;
    if (frame.blocksMentions) this.noMentionDepth--;
    if (frame.dropsContent) {
      this.dropDepth--;
      return;
    }
    if (this.dropDepth > 0) return;
    this.out.push(frame.close);
    if (frame.isBlock) this.text.lineBreak();
  }

  addText(text: string): void {
    if (this.dropDepth === 0) this.pendingText += text;
  }

  finish(): RenderedBody {
    this.flushText();
    while (this.stack.length > 0) this.closeTag();
    return {
      html: this.out.join(""),
      text: this.text.toString(),
      mentions: unique(this.mentions),
      images: this.images,
    };
  }

  private record(element: AllowedElement): void {
    const attribute = (name: string) => element.attributes.find(([key]) => key === name)?.[1] ?? null;
    if (element.name === "img") {
      const src = attribute("src");
      if (src !== null) this.images.push(src);
    }
    if (element.name === "a") {
      // A pasted mention link counts only if it really points at that member's profile.
      const username = attribute("data-username");
      if (username !== null && attribute("href") === `/profile/${encodeURIComponent(username)}`) {
        this.mentions.push(username);
      }
    }
  }

  private flushText(): void {
    const text = this.pendingText;
    if (text === "") return;
    this.pendingText = "";
    this.text.add(text);
    if (this.options.linkMentions && this.noMentionDepth === 0) {
      const linked = linkMentions(text);
      this.out.push(linked.html);
      this.mentions.push(...linked.names);
    } else {
      this.out.push(escapeHtml(text));
    }
  }
}

/**
 * Sanitises untrusted HTML with an allow-list of elements, attributes, classes and URL schemes (SPEC 5),
 * returning the HTML with its plain text, mentions and images. Comments, scripts, styles, event handlers
 * and unknown elements never reach the output; text is always re-escaped.
 */
export function sanitizeHtmlDetailed(input: string, options: SanitizeOptions = {}): RenderedBody {
  const sanitizer = new Sanitizer({ linkMentions: false, maxDepth: 100, ...options });
  const parser = new Parser(
    {
      onopentag: (name, attributes) => sanitizer.openTag(name, attributes),
      onclosetag: () => sanitizer.closeTag(),
      ontext: (text) => sanitizer.addText(text),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(input);
  parser.end();
  return sanitizer.finish();
}

/** Sanitised HTML only. */
export function sanitizeHtml(input: string): string {
  return sanitizeHtmlDetailed(input).html;
}
