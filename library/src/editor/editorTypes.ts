import type { BaseEditor } from "slate";
import type { HistoryEditor } from "slate-history";
import type { ReactEditor } from "slate-react";
import type {
  Rich2Block,
  Rich2CodeBlock,
  Rich2Heading,
  Rich2Image,
  Rich2Link,
  Rich2List,
  Rich2ListItem,
  Rich2Mention,
  Rich2Paragraph,
  Rich2Rule,
  Rich2Text,
} from "@forum/api/rich2";

/**
 * The editor's in-memory model is rich2 with two differences, converted at the boundary (documentConvert.ts):
 * a code block holds one text whose lines are separated by "\n", and a quote card keeps the quoted blocks in
 * `quoted` (it is a void: Slate never edits them) with a single empty text child.
 */
export interface EditorQuote {
  type: "quote";
  author: { name: string; userID?: number };
  url: string;
  quoted: Rich2Block[];
  children: [Rich2Text];
}

export interface EditorBlockquote {
  type: "blockquote";
  children: EditorBlock[];
}

export interface EditorSpoiler {
  type: "spoiler";
  children: EditorBlock[];
}

export type EditorBlock =
  | Rich2Paragraph
  | Rich2Heading
  | Rich2List
  | EditorBlockquote
  | Rich2CodeBlock
  | EditorSpoiler
  | Rich2Image
  | EditorQuote
  | Rich2Rule;

export type EditorElement = EditorBlock | Rich2ListItem | Rich2Link | Rich2Mention;

export type EditorElementType = EditorElement["type"];
export type MarkName = "bold" | "italic" | "strikethrough" | "code";
export type HeadingType = Rich2Heading["type"];
export type ListType = Rich2List["type"];
/** Blocks the toolbar can toggle. */
export type ToggleBlockType = "h2" | "h3" | "ul" | "ol" | "blockquote" | "code_block" | "spoiler";

export type RichSlateEditor = BaseEditor & ReactEditor & HistoryEditor;

declare module "slate" {
  interface CustomTypes {
    Editor: RichSlateEditor;
    Element: EditorElement;
    Text: Rich2Text;
  }
}
