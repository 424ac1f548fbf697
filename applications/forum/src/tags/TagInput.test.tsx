import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { mockApi } from "@library/src/testing/mockApi";
import { TAG_LOOKUP_DEBOUNCE_MS, TagInput, tagFieldsOf, type TagToken } from "./TagInput";

const TAGS = [
  { tagID: 1, name: "Tomatoes", urlcode: "tomatoes", type: "User", countDiscussions: 3 },
  { tagID: 2, name: "Tomato sauce", urlcode: "tomato-sauce", type: "User", countDiscussions: 1 },
];

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  jest.useRealTimers();
});

function Field({ initial = [], allowNew = false }: { initial?: TagToken[]; allowNew?: boolean }) {
  const [tokens, setTokens] = useState<TagToken[]>(initial);
  return (
    <>
      <TagInput value={tokens} onChange={setTokens} allowNew={allowNew} />
      <pre data-testid="fields">{JSON.stringify(tagFieldsOf(tokens))}</pre>
    </>
  );
}

const fields = () => JSON.parse(screen.getByTestId("fields").textContent ?? "{}") as unknown;

describe("TagInput", () => {
  it("looks tags up 100 ms after the last keystroke, once", async () => {
    jest.useFakeTimers();
    api = mockApi(() => ({ data: TAGS }));
    const user = userEvent.setup({ delay: null, advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(<Field />);
    const box = screen.getByRole("combobox", { name: "Tags" });
    await user.type(box, "tom");
    await act(async () => {
      jest.advanceTimersByTime(60);
    });
    await user.type(box, "a");
    expect(api.requests).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(TAG_LOOKUP_DEBOUNCE_MS - 1);
    });
    expect(api.requests).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({ url: "tags", params: { query: "toma", limit: 10 } });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Tomatoes", "Tomato sauce"]);
  });

  it("picks with the arrow keys and Enter, and Backspace in the empty box removes the last tag", async () => {
    api = mockApi(() => ({ data: TAGS }));
    const user = userEvent.setup();
    render(<Field initial={[{ tagID: 9, name: "Compost" }]} />);
    const box = screen.getByRole("combobox", { name: "Tags" });
    await user.type(box, "tom");
    const list = await screen.findByRole("listbox", { name: "Tags suggestions" });
    expect(await within(list).findAllByRole("option")).toHaveLength(2);
    await user.keyboard("{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", within(list).getAllByRole("option")[1]?.id);
    await user.keyboard("{Enter}");
    expect(fields()).toEqual({ tagIDs: [9, 2], newTagNames: [] });
    expect(box).toHaveValue("");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("status")).toHaveTextContent("Tomato sauce added.");
    const chosen = screen.getByRole("list", { name: "Chosen Tags" });
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Compost×", "Tomato sauce×"]);

    await user.keyboard("{Backspace}");
    expect(fields()).toEqual({ tagIDs: [9], newTagNames: [] });
    expect(screen.getByRole("status")).toHaveTextContent("Tomato sauce removed.");
    await user.click(screen.getByRole("button", { name: "Remove Compost" }));
    expect(fields()).toEqual({ tagIDs: [], newTagNames: [] });
    expect(box).toHaveFocus();
  });

  it("offers a typed name as a new tag only when allowed, and never a tag already chosen", async () => {
    api = mockApi(() => ({ data: TAGS }));
    const user = userEvent.setup();
    const { unmount } = render(<Field initial={[{ tagID: 1, name: "Tomatoes" }]} allowNew />);
    const box = screen.getByRole("combobox", { name: "Tags" });
    await user.type(box, "Tomato  jam");
    await screen.findByRole("option", { name: "Tomato sauce" });
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["Tomato sauce", "Add new tag: Tomato jam"]);
    await user.keyboard("{ArrowUp}{Enter}");
    expect(fields()).toEqual({ tagIDs: [1], newTagNames: ["Tomato jam"] });
    unmount();

    render(<Field />);
    const plain = screen.getByRole("combobox", { name: "Tags" });
    await user.type(plain, "Tomato jam");
    await screen.findAllByRole("option");
    expect(screen.queryByText("Add new tag: Tomato jam")).toBeNull();
  });

  it("stops at 5 tags and says so", async () => {
    api = mockApi(() => ({ data: TAGS }));
    const user = userEvent.setup();
    const five = [1, 2, 3, 4, 5].map((tagID) => ({ tagID, name: `Tag ${tagID}` }));
    render(<Field initial={five} />);
    const box = screen.getByRole("combobox", { name: "Tags" });
    expect(box).toHaveAttribute("readonly");
    expect(screen.getByText("You cannot add more than 5 tags.")).toBeInTheDocument();
    await user.click(box);
    await user.keyboard("{Backspace}");
    expect(fields()).toEqual({ tagIDs: [1, 2, 3, 4], newTagNames: [] });
    expect(box).not.toHaveAttribute("readonly");
  });
});
