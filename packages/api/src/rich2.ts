/**
 * The `rich2` body format: the rich-text editor's document, stored as JSON text (the editor is Slate-based,
 * like Vanilla's rich2). The server renders it to HTML with a whitelist renderer; anything not listed here is
 * dropped. Types only: no validator code, so the client can import it freely.
 */

/** Marks on a run of text. */
export interface Rich2Text {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}

export interface Rich2Link {
  type: "a";
  /**
   * http, https, mailto, tel, a relative path or an anchor (SPEC 5). A URL containing `javascript:` becomes "/";
   * other schemes (data:, vbscript:, file: …) are unsafe: the text is kept without the link.
   */
  url: string;
  children: Rich2Text[];
}

/** An @mention of a member; rendered as a link to their profile. */
export interface Rich2Mention {
  type: "mention";
  name: string;
  userID?: number;
  children: [Rich2Text];
}

export type Rich2Inline = Rich2Text | Rich2Link | Rich2Mention;

export interface Rich2Paragraph {
  type: "p";
  children: Rich2Inline[];
}

export interface Rich2Heading {
  type: "h2" | "h3" | "h4" | "h5";
  children: Rich2Inline[];
}

export interface Rich2ListItem {
  type: "li";
  children: (Rich2Paragraph | Rich2List)[];
}

export interface Rich2List {
  type: "ul" | "ol";
  children: Rich2ListItem[];
}

export interface Rich2Blockquote {
  type: "blockquote";
  children: Rich2Block[];
}

/** A block of code; each line is one text child (marks ignored). */
export interface Rich2CodeBlock {
  type: "code_block";
  children: Rich2Text[];
}

/** Content hidden until the reader chooses to show it. */
export interface Rich2Spoiler {
  type: "spoiler";
  children: Rich2Block[];
}

/** An image by URL: http, https or a site-relative path (uploads). */
export interface Rich2Image {
  type: "img";
  url: string;
  alt?: string;
  children: [Rich2Text];
}

/** A quoted post, inserted by Quote: who wrote it, where, and what (as rich2 blocks). */
export interface Rich2Quote {
  type: "quote";
  author: { name: string; userID?: number };
  /** Permalink of the quoted post. */
  url: string;
  children: Rich2Block[];
}

export interface Rich2Rule {
  type: "hr";
  children: [Rich2Text];
}

export type Rich2Block =
  | Rich2Paragraph
  | Rich2Heading
  | Rich2List
  | Rich2Blockquote
  | Rich2CodeBlock
  | Rich2Spoiler
  | Rich2Image
  | Rich2Quote
  | Rich2Rule;

export type Rich2Document = Rich2Block[];

/** Input formats accepted at launch (API.md 2.7 DECISION): others answer 422. */
export const BODY_FORMATS = ["rich2", "markdown", "text", "wysiwyg"] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];
