import { createRef } from "react";
import { act, fireEvent, render, renderHook, screen } from "@testing-library/react";
import type { Rich2Document } from "@forum/api/rich2";
import { RichEditor, type RichEditorHandle } from "@library/src/editor/RichEditor";
import { installContentEditableShim, makeEditor, paragraph } from "@library/src/editor/editorTestUtils";
import { getMentionQuery } from "@library/src/editor/mentions/mentionQuery";
import { MENTION_DEBOUNCE_MS } from "@library/src/editor/mentions/mentionsApi";
import { useMentionSuggestions } from "@library/src/editor/mentions/useMentionSuggestions";
import { LoadStatus } from "@library/src/loadable/loadable";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";

installContentEditableShim();

const users = [
  { userID: 11, name: "alice", dateLastActive: null, photoUrl: "" },
  { userID: 12, name: "alfred", dateLastActive: "2024-01-01T00:00:00Z", photoUrl: "" },
];

let api: ReturnType<typeof mockApi>;
let reply: MockReply;

beforeEach(() => {
  jest.useFakeTimers();
  reply = { data: users };
  api = mockApi(() => reply);
});

afterEach(() => {
  api.restore();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
    await Promise.resolve();
  });
}

async function renderWithText(text: string) {
  const onChange = jest.fn<void, [Rich2Document]>();
  const handle = createRef<RichEditorHandle>();
  render(<RichEditor value={[paragraph(text)]} onChange={onChange} label="Comment" editorRef={handle} />);
  await act(async () => {
    handle.current!.focus();
    await Promise.resolve();
  });
  return { onChange, textbox: screen.getByRole("textbox", { name: "Comment" }) };
}

describe("getMentionQuery", () => {
  it("finds @ and at least one character before the cursor", () => {
    expect(getMentionQuery(makeEditor([paragraph("hi @al")]))?.prefix).toBe("al");
    expect(getMentionQuery(makeEditor([paragraph("hi @")]))).toBeNull();
    expect(getMentionQuery(makeEditor([paragraph("mail a@b")]))).toBeNull();
    expect(getMentionQuery(makeEditor([{ type: "code_block", children: [{ text: "@al" }] }]))).toBeNull();
  });
});

describe("mention suggestions in the editor", () => {
  it("looks members up 50 ms after typing, with the SPEC parameters", async () => {
    await renderWithText("Hi @al");
    await advance(MENTION_DEBOUNCE_MS - 1);
    expect(api.requests).toHaveLength(0);
    await advance(1);
    expect(api.requests).toEqual([
      {
        method: "GET",
        url: "users/by-names",
        params: { name: "al*", order: "mention", limit: 50 },
        data: undefined,
      },
    ]);
    expect(await screen.findByRole("listbox", { name: "Mention suggestions" })).toBeInTheDocument();
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Aalice", "Aalfred"]);
  });

  it("moves with the arrow keys, points aria-activedescendant at the option, and Enter inserts a mention", async () => {
    const { textbox, onChange } = await renderWithText("Hi @al");
    await advance(MENTION_DEBOUNCE_MS);
    await screen.findByRole("listbox");
    const [first, second] = screen.getAllByRole("option");
    expect(first).toHaveAttribute("aria-selected", "true");
    expect(textbox).toHaveAttribute("aria-activedescendant", first!.id);
    fireEvent.keyDown(textbox, { key: "ArrowDown" });
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(textbox).toHaveAttribute("aria-activedescendant", second!.id);
    await act(async () => {
      fireEvent.keyDown(textbox, { key: "Enter" });
      await Promise.resolve();
    });
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(onChange.mock.lastCall?.[0]).toEqual([
      {
        type: "p",
        children: [
          { text: "Hi " },
          { type: "mention", name: "alfred", userID: 12, children: [{ text: "" }] },
          { text: " " },
        ],
      },
    ]);
  });

  it("Escape closes the list without changing the text", async () => {
    const { textbox, onChange } = await renderWithText("@al");
    await advance(MENTION_DEBOUNCE_MS);
    await screen.findByRole("listbox");
    fireEvent.keyDown(textbox, { key: "Escape" });
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(textbox).not.toHaveAttribute("aria-activedescendant");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("closes on empty results", async () => {
    reply = { data: [] };
    await renderWithText("@zz");
    await advance(MENTION_DEBOUNCE_MS);
    await act(async () => Promise.resolve());
    expect(api.requests).toHaveLength(1);
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });
});

describe("useMentionSuggestions", () => {
  it("logs a 500+ failure and stores it as an error, with the list closed", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    reply = { status: 500, data: { message: "Boom" } };
    const editor = makeEditor([paragraph("@al")]);
    const { result } = renderHook(() => useMentionSuggestions(editor));
    act(() => result.current.update());
    await advance(MENTION_DEBOUNCE_MS);
    await act(async () => Promise.resolve());
    expect(result.current.lookup).toMatchObject({
      status: LoadStatus.ERROR,
      error: { status: 500, message: "Boom" },
    });
    expect(result.current.open).toBe(false);
    expect(logged).toHaveBeenCalledWith("Mention lookup failed", expect.objectContaining({ status: 500 }));
  });

  it("picks with Tab and replaces the typed @prefix", async () => {
    const editor = makeEditor([paragraph("x @al")]);
    const { result } = renderHook(() => useMentionSuggestions(editor));
    act(() => result.current.update());
    await advance(MENTION_DEBOUNCE_MS);
    await act(async () => Promise.resolve());
    expect(result.current.open).toBe(true);
    const event = { key: "Tab", preventDefault: jest.fn() };
    act(() => {
      result.current.onKeyDown(event);
    });
    expect(event.preventDefault).toHaveBeenCalled();
    expect(editor.children).toEqual([
      {
        type: "p",
        children: [
          { text: "x " },
          { type: "mention", name: "alice", userID: 11, children: [{ text: "" }] },
          { text: " " },
        ],
      },
    ]);
  });
});
