import { Editor, Transforms, type Descendant } from "slate";
import type { Rich2ListItem } from "@forum/api/rich2";
import { docOf, makeEditor, paragraph } from "@library/src/editor/editorTestUtils";
import { handleHotkey } from "@library/src/editor/editorHotkeys";
import { isBlockActive, toggleBlock } from "@library/src/editor/transforms/blocks";
import { insertQuote } from "@library/src/editor/transforms/inserts";
import { removeLink, upsertLink } from "@library/src/editor/transforms/links";
import { indentListItem, outdentListItem } from "@library/src/editor/transforms/lists";
import { isMarkActive, toggleMark } from "@library/src/editor/transforms/marks";

const li = (text: string, ...nested: Rich2ListItem["children"]): Rich2ListItem => ({
  type: "li",
  children: [paragraph(text), ...nested],
});

function key(init: Partial<Parameters<typeof handleHotkey>[1]>) {
  return {
    key: "",
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    preventDefault: jest.fn(),
    ...init,
  };
}

describe("list transforms", () => {
  it("indents under the previous item and outdents taking later siblings along", () => {
    const editor = makeEditor([{ type: "ul", children: [li("a"), li("b"), li("c")] }], [0, 1]);
    expect(indentListItem(editor)).toBe(true);
    Transforms.select(editor, Editor.end(editor, [0, 1]));
    indentListItem(editor);
    expect(docOf(editor)).toEqual([
      { type: "ul", children: [li("a", { type: "ul", children: [li("b"), li("c")] })] },
    ]);

    Transforms.select(editor, Editor.end(editor, [0, 0, 1, 0]));
    outdentListItem(editor);
    expect(docOf(editor)).toEqual([
      { type: "ul", children: [li("a"), li("b", { type: "ul", children: [li("c")] })] },
    ]);
  });

  it("outdenting a top-level item leaves the list", () => {
    const editor = makeEditor([{ type: "ol", children: [li("a"), li("b"), li("c")] }], [0, 1]);
    outdentListItem(editor);
    expect(docOf(editor)).toEqual([
      { type: "ol", children: [li("a")] },
      paragraph("b"),
      { type: "ol", children: [li("c")] },
    ]);
  });

  it("Tab and Shift+Tab only act inside lists", () => {
    const editor = makeEditor([paragraph("x")]);
    const tab = key({ key: "Tab" });
    expect(handleHotkey(editor, tab, { openLink: jest.fn() })).toBe(false);
    expect(tab.preventDefault).not.toHaveBeenCalled();
  });

  it("switches between list types and back to paragraphs", () => {
    const editor = makeEditor([paragraph("a")]);
    toggleBlock(editor, "ul");
    expect(isBlockActive(editor, "ul")).toBe(true);
    toggleBlock(editor, "ol");
    expect(docOf(editor)).toEqual([{ type: "ol", children: [li("a")] }]);
    toggleBlock(editor, "ol");
    expect(docOf(editor)).toEqual([paragraph("a")]);
  });

  it("makes one list item per selected paragraph", () => {
    const editor = makeEditor([paragraph("a"), paragraph("b")]);
    Transforms.select(editor, { anchor: Editor.start(editor, []), focus: Editor.end(editor, []) });
    toggleBlock(editor, "ul");
    expect(docOf(editor)).toEqual([{ type: "ul", children: [li("a"), li("b")] }]);
  });
});

describe("marks and hotkeys", () => {
  it("Ctrl/Cmd shortcuts toggle marks, open the link form, undo and redo", () => {
    const editor = makeEditor([paragraph("ab")]);
    Transforms.select(editor, { anchor: { path: [0, 0], offset: 0 }, focus: { path: [0, 0], offset: 1 } });
    const openLink = jest.fn();
    handleHotkey(editor, key({ key: "b", ctrlKey: true }), { openLink });
    handleHotkey(editor, key({ key: "X", metaKey: true, shiftKey: true }), { openLink });
    expect(docOf(editor)).toEqual([
      { type: "p", children: [{ text: "a", bold: true, strikethrough: true }, { text: "b" }] },
    ]);
    handleHotkey(editor, key({ key: "k", ctrlKey: true }), { openLink });
    expect(openLink).toHaveBeenCalled();
    handleHotkey(editor, key({ key: "z", ctrlKey: true }), { openLink });
    expect(isMarkActive(editor, "strikethrough")).toBe(false);
    handleHotkey(editor, key({ key: "z", ctrlKey: true, shiftKey: true }), { openLink });
    expect(isMarkActive(editor, "strikethrough")).toBe(true);
  });

  it("does not add marks inside code blocks", () => {
    const editor = makeEditor([{ type: "code_block", children: [{ text: "x" }] }]);
    toggleMark(editor, "bold");
    expect(isMarkActive(editor, "bold")).toBe(false);
  });
});

describe("links", () => {
  it("wraps the selection, edits the address in place, and removes the link", () => {
    const editor = makeEditor([paragraph("go here")]);
    const here = { anchor: { path: [0, 0], offset: 3 }, focus: { path: [0, 0], offset: 7 } };
    upsertLink(editor, "https://a.example", here);
    expect(docOf(editor)).toEqual([
      {
        type: "p",
        children: [{ text: "go " }, { type: "a", url: "https://a.example", children: [{ text: "here" }] }],
      },
    ]);
    Transforms.select(editor, Editor.end(editor, [0, 1]));
    upsertLink(editor, "https://b.example");
    expect(docOf(editor)[0]).toMatchObject({ children: [{}, { url: "https://b.example" }] });
    removeLink(editor);
    expect(docOf(editor)).toEqual([paragraph("go here")]);
  });
});

describe("quote cards", () => {
  it("replaces an empty paragraph and leaves a paragraph to type in after it", () => {
    const editor = makeEditor([paragraph("")]);
    insertQuote(editor, {
      type: "quote",
      author: { name: "Bob" },
      url: "/discussion/comment/1",
      children: [paragraph("words")],
    });
    expect(docOf(editor)).toEqual([
      {
        type: "quote",
        author: { name: "Bob" },
        url: "/discussion/comment/1",
        children: [paragraph("words")],
      },
      paragraph(""),
    ]);
    expect(editor.selection?.anchor.path).toEqual([1, 0]);
  });
});

describe("normalisation keeps the rich2 contract", () => {
  it("repairs invalid trees", () => {
    // Deliberately outside the contract, as a stored body or a paste might be.
    const invalid: unknown = [
      { text: "loose" },
      { type: "li", children: [paragraph("orphan")] },
      { type: "ul", children: [paragraph("not an item")] },
      { type: "ul", children: [] },
      {
        type: "code_block",
        children: [
          { text: "x", bold: true },
          { type: "a", url: "https://a", children: [{ text: "y" }] },
        ],
      },
      { type: "p", children: [{ type: "a", url: "https://a", children: [{ text: "" }] }, { text: "after" }] },
      { type: "blockquote", children: [] },
      { type: "ol", children: [{ type: "li", children: [{ type: "h2", children: [{ text: "h" }] }] }] },
    ];
    const editor = makeEditor(invalid as Descendant[]);
    expect(editor.children).toEqual([
      paragraph("loose"),
      { type: "ul", children: [li("orphan"), li("not an item")] },
      { type: "code_block", children: [{ text: "xy" }] },
      paragraph("after"),
      { type: "blockquote", children: [paragraph("")] },
      { type: "ol", children: [li("h")] },
    ]);
  });

  it("never leaves the document empty", () => {
    const editor = makeEditor([paragraph("x")]);
    Transforms.removeNodes(editor, { at: [0] });
    expect(editor.children).toEqual([paragraph("")]);
  });
});
