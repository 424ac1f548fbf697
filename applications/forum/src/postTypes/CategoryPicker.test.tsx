import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import type { PostableCategory } from "@forum/api/postTypes";
import { mockApi } from "@library/src/testing/mockApi";
import { CATEGORY_SUGGESTION_DEBOUNCE_MS, CategoryPicker } from "./CategoryPicker";

const categories: PostableCategory[] = [
  { categoryID: 1, name: "Support", depth: 1, canPost: false },
  { categoryID: 2, name: "General Questions", depth: 2, canPost: true },
  { categoryID: 3, name: "Staff General", depth: 1, canPost: false },
  { categoryID: 4, name: "General", depth: 1, canPost: true },
];

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  jest.useRealTimers();
});

function Picker({ initial = null, onPick }: { initial?: number | null; onPick?: (id: number) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <label htmlFor="category">Category</label>
      <CategoryPicker
        id="category"
        categories={categories}
        value={value}
        onChange={(id) => {
          setValue(id);
          onPick?.(id);
        }}
      />
      <output>{value ?? "none"}</output>
    </>
  );
}

describe("CategoryPicker", () => {
  it("lists the postable categories with their parents when empty, and picks with the keyboard", async () => {
    const user = userEvent.setup();
    render(<Picker />);
    const box = screen.getByRole("combobox", { name: "Category" });
    await user.click(box);
    const list = screen.getByRole("listbox");
    expect(
      within(list)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["General QuestionsSupport", "General"]);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(box).toHaveAttribute("aria-activedescendant", within(list).getAllByRole("option")[1]?.id);
    await user.keyboard("{ArrowUp}{Enter}");
    expect(screen.getByText("2")).toBeInTheDocument();
    expect(box).toHaveValue("General Questions");
    expect(box).toHaveAttribute("aria-expanded", "false");
  });

  it("searches 100 ms after the last keystroke, 50 at most, and offers only categories the member may post in", async () => {
    jest.useFakeTimers();
    api = mockApi(() => ({
      data: [
        { categoryID: 3, name: "Staff General" },
        { categoryID: 4, name: "General" },
        { categoryID: 2, name: "General Questions" },
      ],
    }));
    const user = userEvent.setup({ delay: null, advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(<Picker />);
    const box = screen.getByRole("combobox", { name: "Category" });
    await user.type(box, "ge");
    await act(async () => {
      jest.advanceTimersByTime(60);
    });
    // A keystroke within 100 ms starts the wait again.
    await user.type(box, "n");
    expect(api.requests).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(CATEGORY_SUGGESTION_DEBOUNCE_MS - 1);
    });
    expect(api.requests).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({
      url: "categories/search",
      params: { query: "gen", limit: 50, expand: "breadcrumbs" },
    });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["General", "General QuestionsSupport"]);
    await user.keyboard("{Enter}");
    expect(screen.getByText("4")).toBeInTheDocument();
  });

  it("closes on Escape and keeps the category chosen before", async () => {
    const user = userEvent.setup();
    render(<Picker initial={4} />);
    const box = screen.getByRole("combobox", { name: "Category" });
    expect(box).toHaveValue("General");
    await user.click(box);
    await user.keyboard("{ArrowDown}");
    await user.keyboard("{Escape}");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).toHaveValue("General");
    expect(screen.getByText("4")).toBeInTheDocument();
  });
});
