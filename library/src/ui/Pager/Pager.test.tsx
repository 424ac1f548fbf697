import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parseJumpToPage } from "./jumpToPage";
import { Pager } from "./Pager";

describe("parseJumpToPage", () => {
  it("keeps digits, clamps and keeps the current page when empty", () => {
    expect(parseJumpToPage("3", 1, 10)).toBe(3);
    expect(parseJumpToPage("a4b", 1, 10)).toBe(4);
    expect(parseJumpToPage("99", 1, 10)).toBe(10);
    expect(parseJumpToPage("0", 5, 10)).toBe(1);
    expect(parseJumpToPage("-", 5, 10)).toBe(5);
    expect(parseJumpToPage("", 5, 10)).toBe(5);
  });
});

describe("Pager", () => {
  it("shows the range and moves with Next/Previous", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Pager page={2} limit={30} total={95} onChange={onChange} />);
    expect(screen.getByRole("navigation")).toHaveTextContent("31 - 60 of 95");
    await user.click(screen.getByRole("button", { name: "Next Page" }));
    await user.click(screen.getByRole("button", { name: "Previous Page" }));
    expect(onChange.mock.calls).toEqual([[3], [1]]);
  });

  it("disables Next on the last page unless more pages exist", () => {
    const { rerender } = render(<Pager page={4} limit={30} total={95} onChange={jest.fn()} />);
    expect(screen.getByText("91 - 95 of 95")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next Page" })).toBeDisabled();
    rerender(<Pager page={4} limit={30} total={95} hasMorePages onChange={jest.fn()} />);
    expect(screen.getByRole("button", { name: "Next Page" })).toBeEnabled();
    expect(screen.getByText("91 - 95 of 95+")).toBeInTheDocument();
    rerender(<Pager page={1} limit={30} total={95} onChange={jest.fn()} />);
    expect(screen.getByRole("button", { name: "Previous Page" })).toBeDisabled();
  });

  it("jumps to a clamped page and goes back to the post count", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Pager page={1} limit={10} total={45} onChange={onChange} />);
    await user.click(screen.getByRole("button", { name: "1 - 10 of 45" }));
    const input = screen.getByLabelText("Jump to page");
    expect(screen.getByText("of 5")).toBeInTheDocument();
    await user.type(input, "x12");
    expect(input).toHaveValue("12");
    await user.click(screen.getByRole("button", { name: "Go" }));
    expect(onChange).toHaveBeenCalledWith(5);

    await user.click(screen.getByRole("button", { name: "1 - 10 of 45" }));
    await user.click(screen.getByRole("button", { name: "Go" }));
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "1 - 10 of 45" }));
    await user.click(screen.getByRole("button", { name: "Back to post count" }));
    expect(screen.queryByLabelText("Jump to page")).not.toBeInTheDocument();
  });
});
