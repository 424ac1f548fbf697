import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { emptySearchForm } from "../../api/searchPageUrl";
import { SearchFilters } from "./SearchFilters";

describe("SearchFilters", () => {
  it("folds behind a Filters button that says whether it is open and which panel it opens", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<SearchFilters form={emptySearchForm()} categoryOptions={[]} onChange={onChange} />);
    const toggle = screen.getByRole("button", { name: "Filters" });
    const panelID = toggle.getAttribute("aria-controls") ?? "";
    const panel = document.getElementById(panelID);
    expect(panel).toContainElement(screen.getByRole("combobox", { name: "Sort by" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(panel).toHaveClass("isCollapsed");

    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(panel).not.toHaveClass("isCollapsed");

    await user.keyboard(" ");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(panel).toHaveClass("isCollapsed");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("keeps its choices while folded: a sort chosen when open still searches", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<SearchFilters form={emptySearchForm()} categoryOptions={[]} onChange={onChange} />);
    await user.click(screen.getByRole("button", { name: "Filters" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Newest");
    expect(onChange).toHaveBeenCalledWith({ sort: "-dateInserted" });
  });
});
