import { Editor, Transforms } from "slate";
import { docOf, makeEditor, paragraph, pasteData, typeText } from "@library/src/editor/editorTestUtils";
import { insertPastedData } from "@library/src/editor/plugins/withPaste";

describe("markdown shortcuts", () => {
  it.each([
    ["## ", "h2"],
    ["### ", "h3"],
  ])("%s makes a heading", (shortcut, type) => {
    const editor = makeEditor([paragraph("")]);
    typeText(editor, `${shortcut}Title`);
    expect(docOf(editor)).toEqual([{ type, children: [{ text: "Title" }] }]);
  });

  it.each([
    ["- ", "ul"],
    ["* ", "ul"],
    ["1. ", "ol"],
  ])("%s starts a list", (shortcut, type) => {
    const editor = makeEditor([paragraph("")]);
    typeText(editor, `${shortcut}Item`);
    expect(docOf(editor)).toEqual([
      { type, children: [{ type: "li", children: [{ type: "p", children: [{ text: "Item" }] }] }] },
    ]);
  });

  it("> starts a blockquote", () => {
    const editor = makeEditor([paragraph("")]);
    typeText(editor, "> Wise");
    expect(docOf(editor)).toEqual([
      { type: "blockquote", children: [{ type: "p", children: [{ text: "Wise" }] }] },
    ]);
  });

  it("``` starts a code block and --- inserts a rule", () => {
    const editor = makeEditor([paragraph("")]);
    typeText(editor, "```x = 1");
    expect(docOf(editor)).toEqual([{ type: "code_block", children: [{ text: "x = 1" }] }]);

    const ruled = makeEditor([paragraph("")]);
    typeText(ruled, "---after");
    expect(docOf(ruled)).toEqual([
      { type: "hr", children: [{ text: "" }] },
      { type: "p", children: [{ text: "after" }] },
    ]);
  });

  it("does not apply block shortcuts in the middle of text", () => {
    const editor = makeEditor([paragraph("a")]);
    typeText(editor, "## b");
    expect(docOf(editor)).toEqual([{ type: "p", children: [{ text: "a## b" }] }]);
  });

  it("applies inline marks when the closing marker is typed", () => {
    const editor = makeEditor([paragraph("")]);
    typeText(editor, "a **bold** *it* `co` z");
    expect(docOf(editor)).toEqual([
      {
        type: "p",
        children: [
          { text: "a " },
          { text: "bold", bold: true },
          { text: " " },
          { text: "it", italic: true },
          { text: " " },
          { text: "co", code: true },
          { text: " z" },
        ],
      },
    ]);
  });

  it("leaves markers alone inside code blocks", () => {
    const editor = makeEditor([{ type: "code_block", children: [{ text: "" }] }]);
    typeText(editor, "**x** ## ");
    expect(docOf(editor)).toEqual([{ type: "code_block", children: [{ text: "**x** ## " }] }]);
  });
});

describe("Enter and Backspace", () => {
  const list = (...items: string[]) => ({
    type: "ul" as const,
    children: items.map((text) => ({
      type: "li" as const,
      children: [{ type: "p" as const, children: [{ text }] }],
    })),
  });

  it("Enter in a list item starts a new item; Enter in an empty item leaves the list", () => {
    const editor = makeEditor([list("one")]);
    editor.insertBreak();
    typeText(editor, "two");
    expect(docOf(editor)).toEqual([list("one", "two")]);
    editor.insertBreak();
    editor.insertBreak();
    typeText(editor, "after");
    expect(docOf(editor)).toEqual([list("one", "two"), { type: "p", children: [{ text: "after" }] }]);
  });

  it("Enter at the end of a heading starts a paragraph", () => {
    const editor = makeEditor([{ type: "h2", children: [{ text: "Title" }] }]);
    editor.insertBreak();
    typeText(editor, "body");
    expect(docOf(editor)).toEqual([
      { type: "h2", children: [{ text: "Title" }] },
      { type: "p", children: [{ text: "body" }] },
    ]);
  });

  it("Enter in a code block adds a line, twice at the end leaves it", () => {
    const editor = makeEditor([{ type: "code_block", children: [{ text: "a" }] }]);
    editor.insertBreak();
    typeText(editor, "b");
    editor.insertBreak();
    editor.insertBreak();
    typeText(editor, "text");
    expect(docOf(editor)).toEqual([
      { type: "code_block", children: [{ text: "a" }, { text: "b" }] },
      { type: "p", children: [{ text: "text" }] },
    ]);
  });

  it.each(["blockquote", "spoiler"] as const)("Backspace at the start of a %s unwraps it", (type) => {
    const editor = makeEditor([{ type, children: [paragraph("inside")] }]);
    Transforms.select(editor, Editor.start(editor, []));
    editor.deleteBackward("character");
    expect(docOf(editor)).toEqual([{ type: "p", children: [{ text: "inside" }] }]);
  });

  it("Backspace at the start of a code block turns its lines into paragraphs", () => {
    const editor = makeEditor([{ type: "code_block", children: [{ text: "a\nb" }] }]);
    Transforms.select(editor, Editor.start(editor, []));
    editor.deleteBackward("character");
    expect(docOf(editor)).toEqual([
      { type: "p", children: [{ text: "a" }] },
      { type: "p", children: [{ text: "b" }] },
    ]);
  });

  it("Backspace elsewhere deletes a character", () => {
    const editor = makeEditor([{ type: "blockquote", children: [paragraph("ab")] }]);
    editor.deleteBackward("character");
    expect(docOf(editor)).toEqual([
      { type: "blockquote", children: [{ type: "p", children: [{ text: "a" }] }] },
    ]);
  });
});

describe("paste", () => {
  it("turns plain text lines into paragraphs", () => {
    const editor = makeEditor([paragraph("")]);
    insertPastedData(editor, pasteData({ "text/plain": "first\n\nsecond\r\nthird" }));
    expect(docOf(editor)).toEqual([paragraph("first"), paragraph("second"), paragraph("third")]);
  });

  it("reduces HTML to text, dropping scripts and markup", () => {
    const editor = makeEditor([paragraph("")]);
    const html =
      '<p onclick="x()">One <b>bold</b></p><script>alert(1)</script><div><a href="javascript:x">Two</a></div>';
    editor.insertData(pasteData({ "text/html": html }) as DataTransfer);
    expect(docOf(editor)).toEqual([paragraph("One bold"), paragraph("Two")]);
  });

  it("makes the selection a link when an address is pasted over it", () => {
    const editor = makeEditor([paragraph("see docs")]);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 4 }, focus: { path: [0, 0], offset: 8 } });
    insertPastedData(editor, pasteData({ "text/plain": "https://example.com/docs" }));
    expect(docOf(editor)).toEqual([
      {
        type: "p",
        children: [
          { text: "see " },
          { type: "a", url: "https://example.com/docs", children: [{ text: "docs" }] },
        ],
      },
    ]);
  });

  it("makes a lone pasted address a link", () => {
    const editor = makeEditor([paragraph("")]);
    insertPastedData(editor, pasteData({ "text/plain": " www.example.com " }));
    expect(docOf(editor)).toEqual([
      {
        type: "p",
        children: [
          { type: "a", url: "http://www.example.com", children: [{ text: "http://www.example.com" }] },
        ],
      },
    ]);
  });

  it("does not link javascript: addresses", () => {
    const editor = makeEditor([paragraph("")]);
    insertPastedData(editor, pasteData({ "text/plain": "javascript:alert(1)" }));
    expect(docOf(editor)).toEqual([paragraph("javascript:alert(1)")]);
  });
});

describe("history", () => {
  it("undoes and redoes", () => {
    const editor = makeEditor([paragraph("")]);
    editor.insertText("hello");
    editor.undo();
    expect(docOf(editor)).toEqual([paragraph("")]);
    editor.redo();
    expect(docOf(editor)).toEqual([paragraph("hello")]);
  });
});
