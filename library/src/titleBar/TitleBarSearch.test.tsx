import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TitleBarSearch } from "./TitleBarSearch";
import { SEARCH_ITEM } from "./titleBarTestUtils";

describe("TitleBarSearch", () => {
  it("focuses the query field and reports Cancel, Escape and outside clicks", async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <>
        <TitleBarSearch item={SEARCH_ITEM} onClose={onClose} />
        <button>Elsewhere</button>
      </>,
    );
    const input = screen.getByRole("searchbox", { name: "Search" });
    expect(input).toHaveFocus();
    await user.type(input, "compost");
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard("{Escape}");
    expect(onClose).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(onClose).toHaveBeenLastCalledWith(false);
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
