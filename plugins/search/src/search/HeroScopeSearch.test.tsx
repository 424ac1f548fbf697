import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HeroSearchForm } from "./HeroSearchForm";

describe("HeroSearchForm with the scope selector", () => {
  it("submits the query and the 'Search In' scope to the search page; Clear Search empties the box and keeps focus", async () => {
    render(<HeroSearchForm showScope />);
    const form = screen.getByRole("search");
    expect(form).toHaveAttribute("action", "/search");
    const scope = screen.getByRole("combobox", { name: "Search In" });
    expect([...(scope as HTMLSelectElement).options].map((option) => option.value)).toEqual(["site", "hub"]);
    const user = userEvent.setup();
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "layouts");
    await user.tab();
    expect(screen.getByRole("button", { name: "Clear Search" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Clear Search" }));
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveFocus();
  });
});
