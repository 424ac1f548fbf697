import type { Rich2Document } from "@forum/api/rich2";
import { documentToEditor, editorToDocument } from "@library/src/editor/documentConvert";
import {
  documentToPlainText,
  emptyDocument,
  isEmptyDocument,
  parseRich2,
} from "@library/src/editor/serialize";

const rich: Rich2Document = [
  { type: "h2", children: [{ text: "Title" }] },
  {
    type: "p",
    children: [
      { text: "Hi ", bold: true },
      { type: "mention", name: "Bob", userID: 3, children: [{ text: "" }] },
      { text: " see " },
      { type: "a", url: "https://example.com", children: [{ text: "this" }] },
    ],
  },
  { type: "ul", children: [{ type: "li", children: [{ type: "p", children: [{ text: "item" }] }] }] },
  { type: "code_block", children: [{ text: "a()" }, { text: "b()" }] },
  { type: "img", url: "https://example.com/i.png", alt: "pic", children: [{ text: "" }] },
  { type: "hr", children: [{ text: "" }] },
  {
    type: "quote",
    author: { name: "Ann", userID: 4 },
    url: "https://example.com/d/1",
    children: [{ type: "p", children: [{ text: "quoted" }] }],
  },
  { type: "spoiler", children: [{ type: "p", children: [{ text: "hidden" }] }] },
];

describe("serialize helpers", () => {
  it("emptyDocument is one empty paragraph, and is empty", () => {
    expect(emptyDocument()).toEqual([{ type: "p", children: [{ text: "" }] }]);
    expect(isEmptyDocument(emptyDocument())).toBe(true);
    expect(
      isEmptyDocument([
        { type: "p", children: [{ text: "  " }] },
        { type: "blockquote", children: [] },
      ]),
    ).toBe(true);
  });

  it("counts text, images, rules, quotes and mentions as content", () => {
    expect(isEmptyDocument([{ type: "p", children: [{ text: "x" }] }])).toBe(false);
    expect(isEmptyDocument([{ type: "hr", children: [{ text: "" }] }])).toBe(false);
    expect(
      isEmptyDocument([{ type: "p", children: [{ type: "mention", name: "a", children: [{ text: "" }] }] }]),
    ).toBe(false);
  });

  it("documentToPlainText gives one line per block", () => {
    expect(documentToPlainText(rich)).toBe("Title\nHi @Bob see this\nitem\na()\nb()\npic\nquoted\nhidden");
  });

  it("round-trips through the editor model", () => {
    const editorValue = documentToEditor(rich);
    expect(editorValue[3]).toEqual({ type: "code_block", children: [{ text: "a()\nb()" }] });
    expect(editorValue[6]).toMatchObject({
      type: "quote",
      quoted: rich[6]!.children,
      children: [{ text: "" }],
    });
    expect(editorToDocument(editorValue)).toEqual(rich);
  });
});

describe("parseRich2", () => {
  it("parses a valid body", () => {
    expect(parseRich2(JSON.stringify(rich))).toEqual(rich);
  });

  it("returns null for invalid JSON or a non-list", () => {
    expect(parseRich2("{oops")).toBeNull();
    expect(parseRich2('{"type":"p"}')).toBeNull();
    expect(parseRich2("null")).toBeNull();
  });

  it("repairs what does not match the contract", () => {
    const parsed = parseRich2(
      JSON.stringify([
        { text: "loose", bold: "yes", color: "red" },
        { type: "script", children: [{ type: "p", children: [{ text: "kept" }] }] },
        { type: "p", children: [{ type: "a", url: "javascript:alert(1)", children: [{ text: "bad" }] }] },
        { type: "img", url: "data:image/png;base64,xx", children: [] },
        { type: "li", children: [{ text: "orphan" }] },
        { type: "ol", children: [{ type: "h2", children: [{ text: "heading in list" }] }] },
        {
          type: "p",
          children: [{ type: "blockquote", children: [{ type: "p", children: [{ text: "nested" }] }] }],
        },
        42,
      ]),
    );
    expect(parsed).toEqual([
      { type: "p", children: [{ text: "loose" }] },
      { type: "p", children: [{ text: "kept" }] },
      { type: "p", children: [{ text: "bad" }] },
      { type: "ul", children: [{ type: "li", children: [{ type: "p", children: [{ text: "orphan" }] }] }] },
      {
        type: "ol",
        children: [{ type: "li", children: [{ type: "p", children: [{ text: "heading in list" }] }] }],
      },
      { type: "p", children: [{ text: "nested" }] },
    ]);
  });

  it("gives an empty document for an empty list", () => {
    expect(parseRich2("[]")).toEqual(emptyDocument());
  });
});
