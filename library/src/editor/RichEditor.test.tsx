import { createRef } from "react";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Rich2Document } from "@forum/api/rich2";
import { RichEditor, type RichEditorHandle } from "@library/src/editor/RichEditor";
import { installContentEditableShim } from "@library/src/editor/editorTestUtils";
import { INVALID_IMAGE_MESSAGE } from "@library/src/editor/toolbar/ImageForm";
import { INVALID_LINK_MESSAGE } from "@library/src/editor/toolbar/LinkForm";

installContentEditableShim();

const hello: Rich2Document = [{ type: "p", children: [{ text: "Hello" }] }];

/** Slate reports changes in a microtask and may retry focus on a timer: let both happen. */
async function settle(action?: () => void) {
  await act(async () => {
    action?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

async function press(element: HTMLElement, init: Parameters<typeof fireEvent.keyDown>[1]) {
  let result = false;
  await settle(() => {
    result = fireEvent.keyDown(element, init);
  });
  return result;
}

async function renderEditor(value: Rich2Document = hello) {
  const onChange = jest.fn<void, [Rich2Document]>();
  const handle = createRef<RichEditorHandle>();
  render(<RichEditor value={value} onChange={onChange} label="Comment" editorRef={handle} />);
  await settle(() => handle.current!.focus());
  const lastDoc = () => onChange.mock.lastCall?.[0];
  return { onChange, handle, lastDoc, textbox: screen.getByRole("textbox", { name: "Comment" }) };
}

describe("RichEditor toolbar", () => {
  it("is a labelled toolbar with one tab stop and arrow-key roving", async () => {
    const user = userEvent.setup();
    await renderEditor();
    const toolbar = screen.getByRole("toolbar", { name: "Text formatting" });
    const buttons = within(toolbar).getAllByRole("button");
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual([
      "Bold",
      "Italic",
      "Strikethrough",
      "Inline code",
      "Link",
      "Heading",
      "Subheading",
      "Bulleted list",
      "Numbered list",
      "Quote",
      "Code block",
      "Spoiler",
      "Image",
    ]);
    expect(buttons.filter((button) => button.tabIndex === 0)).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "false");

    act(() => buttons[0]!.focus());
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: "Italic" })).toHaveFocus();
    expect(screen.getByRole("button", { name: "Italic" })).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("button", { name: "Bold" })).toHaveAttribute("tabindex", "-1");
    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("button", { name: "Image" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(screen.getByRole("button", { name: "Bold" })).toHaveFocus();
    await user.keyboard("{End}");
    expect(screen.getByRole("button", { name: "Image" })).toHaveFocus();
  });

  it("toggles blocks from the toolbar and reflects them in aria-pressed", async () => {
    const user = userEvent.setup();
    const { lastDoc } = await renderEditor();
    await user.click(screen.getByRole("button", { name: "Heading" }));
    expect(lastDoc()).toEqual([{ type: "h2", children: [{ text: "Hello" }] }]);
    expect(screen.getByRole("button", { name: "Heading" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Numbered list" }));
    expect(lastDoc()).toEqual([
      { type: "ol", children: [{ type: "li", children: [{ type: "p", children: [{ text: "Hello" }] }] }] },
    ]);
    expect(screen.getByRole("button", { name: "Numbered list" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Heading" })).toHaveAttribute("aria-pressed", "false");
    await user.click(screen.getByRole("button", { name: "Spoiler" }));
    expect(lastDoc()?.[0]?.type).toBe("spoiler");
    expect(screen.getByRole("button", { name: "Spoiler" })).toHaveAttribute("aria-pressed", "true");
  });
});

describe("RichEditor keyboard shortcuts", () => {
  it.each([
    [{ key: "b" }, "Bold"],
    [{ key: "i" }, "Italic"],
    [{ key: "X", shiftKey: true }, "Strikethrough"],
    [{ key: "e" }, "Inline code"],
  ])("Ctrl+%o toggles %s", async (keys, name) => {
    const { textbox } = await renderEditor();
    await press(textbox, { ctrlKey: true, ...keys });
    expect(screen.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
    await press(textbox, { metaKey: true, ...keys });
    expect(screen.getByRole("button", { name })).toHaveAttribute("aria-pressed", "false");
  });

  it("Ctrl+Z and Ctrl+Shift+Z undo and redo", async () => {
    const user = userEvent.setup();
    const { textbox, lastDoc } = await renderEditor();
    await user.click(screen.getByRole("button", { name: "Quote" }));
    expect(lastDoc()?.[0]?.type).toBe("blockquote");
    await press(textbox, { key: "z", ctrlKey: true });
    expect(lastDoc()).toEqual(hello);
    await press(textbox, { key: "z", ctrlKey: true, shiftKey: true });
    expect(lastDoc()?.[0]?.type).toBe("blockquote");
  });

  it("Tab and Shift+Tab indent and outdent list items", async () => {
    const item = (text: string) => ({
      type: "li" as const,
      children: [{ type: "p" as const, children: [{ text }] }],
    });
    const { textbox, lastDoc } = await renderEditor([{ type: "ul", children: [item("one"), item("two")] }]);
    await press(textbox, { key: "Tab" });
    expect(lastDoc()).toEqual([
      {
        type: "ul",
        children: [
          { type: "li", children: [item("one").children[0]!, { type: "ul", children: [item("two")] }] },
        ],
      },
    ]);
    await press(textbox, { key: "Tab", shiftKey: true });
    expect(lastDoc()).toEqual([{ type: "ul", children: [item("one"), item("two")] }]);
  });

  it("Tab outside a list is left to the browser (focus moves on)", async () => {
    const { textbox } = await renderEditor();
    const event = await press(textbox, { key: "Tab" });
    expect(event).toBe(true);
  });
});

describe("RichEditor link and image forms", () => {
  it("Ctrl+K opens the link form; javascript: is refused and scheme-less input gets http://", async () => {
    const user = userEvent.setup();
    const { textbox, lastDoc } = await renderEditor();
    await press(textbox, { key: "k", ctrlKey: true });
    const dialog = screen.getByRole("dialog", { name: "Insert link" });
    const input = within(dialog).getByLabelText("URL");
    expect(input).toHaveFocus();
    await user.type(input, "javascript:alert(1){Enter}");
    expect(within(dialog).getByRole("alert")).toHaveTextContent(INVALID_LINK_MESSAGE);
    expect(input).toHaveAttribute("aria-invalid", "true");
    await user.clear(input);
    await user.type(input, "example.com/page");
    await user.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(lastDoc()).toEqual([
      {
        type: "p",
        children: [
          { text: "Hello" },
          { type: "a", url: "http://example.com/page", children: [{ text: "http://example.com/page" }] },
        ],
      },
    ]);
  });

  it("edits and removes an existing link, and Escape cancels", async () => {
    const user = userEvent.setup();
    const { textbox, lastDoc } = await renderEditor([
      { type: "p", children: [{ type: "a", url: "https://old.example", children: [{ text: "site" }] }] },
    ]);
    expect(screen.getByRole("button", { name: "Link" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Link" }));
    const dialog = screen.getByRole("dialog", { name: "Edit link" });
    expect(within(dialog).getByLabelText("URL")).toHaveValue("https://old.example");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await press(textbox, { key: "k", ctrlKey: true });
    await user.click(screen.getByRole("button", { name: "Remove link" }));
    expect(lastDoc()).toEqual([{ type: "p", children: [{ text: "site" }] }]);
  });

  it("inserts an image by http(s) URL with alt text", async () => {
    const user = userEvent.setup();
    const { lastDoc } = await renderEditor();
    await user.click(screen.getByRole("button", { name: "Image" }));
    const dialog = screen.getByRole("dialog", { name: "Insert image" });
    await user.type(within(dialog).getByLabelText("Image URL"), "ftp://example.com/a.png");
    await user.type(within(dialog).getByLabelText("Alt text"), "A cat");
    await user.click(within(dialog).getByRole("button", { name: "Insert" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(INVALID_IMAGE_MESSAGE);
    await user.clear(within(dialog).getByLabelText("Image URL"));
    await user.type(within(dialog).getByLabelText("Image URL"), "https://example.com/a.png{Enter}");
    expect(lastDoc()).toEqual([
      ...hello,
      { type: "img", url: "https://example.com/a.png", alt: "A cat", children: [{ text: "" }] },
      { type: "p", children: [{ text: "" }] },
    ]);
    expect(screen.getByRole("img", { name: "A cat" })).toHaveAttribute("src", "https://example.com/a.png");
  });
});

describe("RichEditor handle and void nodes", () => {
  it("insertQuote adds a read-only quote card with its author and a remove button", async () => {
    const user = userEvent.setup();
    const { handle, lastDoc } = await renderEditor();
    await settle(() =>
      handle.current!.insertQuote({
        type: "quote",
        author: { name: "Bob", userID: 7 },
        url: "https://forum.example/discussion/comment/3",
        children: [{ type: "p", children: [{ text: "Quoted words" }] }],
      }),
    );
    expect(lastDoc()).toEqual([
      ...hello,
      {
        type: "quote",
        author: { name: "Bob", userID: 7 },
        url: "https://forum.example/discussion/comment/3",
        children: [{ type: "p", children: [{ text: "Quoted words" }] }],
      },
      { type: "p", children: [{ text: "" }] },
    ]);
    expect(screen.getByText("Bob wrote:")).toBeInTheDocument();
    expect(screen.getByText("Quoted words").closest("[contenteditable=false]")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "Remove quote" }));
    expect(lastDoc()).toEqual([...hello, { type: "p", children: [{ text: "" }] }]);
  });

  it("insertMention renders a chip; clear empties the document", async () => {
    const { handle, lastDoc } = await renderEditor();
    await settle(() => handle.current!.insertMention("Carol", 9));
    expect(lastDoc()).toEqual([
      {
        type: "p",
        children: [
          { text: "Hello" },
          { type: "mention", name: "Carol", userID: 9, children: [{ text: "" }] },
          { text: " " },
        ],
      },
    ]);
    expect(screen.getByText("@Carol")).toHaveClass("richEditor-mention");
    await settle(() => handle.current!.clear());
    expect(lastDoc()).toEqual([{ type: "p", children: [{ text: "" }] }]);
  });

  it("renders rules, code blocks and spoilers from the initial value", async () => {
    await renderEditor([
      { type: "hr", children: [{ text: "" }] },
      { type: "code_block", children: [{ text: "a" }, { text: "b" }] },
      { type: "spoiler", children: [{ type: "p", children: [{ text: "secret" }] }] },
    ]);
    expect(screen.getByRole("separator")).toBeInTheDocument();
    expect(screen.getByText(/a\s*b/, { selector: "pre *" })).toBeInTheDocument();
    expect(screen.getByText("Spoiler")).toBeInTheDocument();
    expect(screen.getByText("secret")).toBeInTheDocument();
  });
});
