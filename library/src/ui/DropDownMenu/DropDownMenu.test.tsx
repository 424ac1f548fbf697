import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Flyout } from "@library/src/ui/Flyout/Flyout";
import { DropDownItemButton, DropDownItemLink, DropDownSeparator } from "./DropDownItems";
import { DropDownMenu } from "./DropDownMenu";

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

function Menus({ onBookmark = jest.fn() }: { onBookmark?: () => void }) {
  return (
    <>
      <DropDownMenu label="Discussion Options">
        <DropDownItemButton onClick={onBookmark}>Bookmark</DropDownItemButton>
        <DropDownItemLink href="/log/filter?recordType=discussion&recordID=5">
          Revision History
        </DropDownItemLink>
        <DropDownSeparator />
        <DropDownItemButton onClick={() => undefined}>Report</DropDownItemButton>
      </DropDownMenu>
      <Flyout label="Share" buttonContent="Share">
        <button>Copy Link</button>
      </Flyout>
      <button>Elsewhere</button>
    </>
  );
}

describe("DropDownMenu / Flyout", () => {
  beforeEach(() => setWidth(1400));

  it("opens on click with aria-expanded/aria-controls and moves between items with arrows", async () => {
    const user = userEvent.setup();
    render(<Menus />);
    const button = screen.getByRole("button", { name: "Discussion Options" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = screen.getByRole("menu", { name: "Discussion Options" });
    expect(button).toHaveAttribute("aria-controls", menu.id);
    expect(screen.getByRole("separator")).toBeInTheDocument();

    const items = screen.getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Bookmark", "Revision History", "Report"]);
    expect(items[1]).toHaveAttribute("href", "/log/filter?recordType=discussion&recordID=5");
    expect(items[0]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(items[1]).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(items[0]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(items[2]).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("runs an item and closes, returning focus to the button", async () => {
    const user = userEvent.setup();
    const onBookmark = jest.fn();
    render(<Menus onBookmark={onBookmark} />);
    const button = screen.getByRole("button", { name: "Discussion Options" });
    await user.click(button);
    await user.click(screen.getByRole("menuitem", { name: "Bookmark" }));
    expect(onBookmark).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("closes on outside interaction and when another flyout opens", async () => {
    const user = userEvent.setup();
    render(<Menus />);
    await user.click(screen.getByRole("button", { name: "Discussion Options" }));
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Discussion Options" }));
    expect(screen.getByRole("menu")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Share" })).toHaveAttribute("aria-expanded", "true");
  });

  it("renders as a modal on mobile", async () => {
    setWidth(400);
    const user = userEvent.setup();
    render(<Menus />);
    const button = screen.getByRole("button", { name: "Discussion Options" });
    await user.click(button);
    // The sheet's dialog code is fetched the first time one opens on a compact screen.
    const dialog = await screen.findByRole("dialog", { name: "Discussion Options" });
    expect(dialog).toContainElement(screen.getByRole("menu"));
    await act(async () => {
      await user.keyboard("{Escape}");
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("on a phone says expanded only while its panel is in the page (the sheet comes a moment after the click)", async () => {
    setWidth(390);
    const user = userEvent.setup();
    render(<Menus />);
    const button = screen.getByRole("button", { name: "Share" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).not.toHaveAttribute("aria-controls");
    const seen: { expanded: string | null; panelInPage: boolean }[] = [];
    const observer = new MutationObserver(() => {
      const controls = button.getAttribute("aria-controls");
      seen.push({
        expanded: button.getAttribute("aria-expanded"),
        panelInPage: controls !== null && document.getElementById(controls) !== null,
      });
    });
    observer.observe(document.body, { attributes: true, childList: true, subtree: true });
    await user.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Share" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(dialog).toContainElement(document.getElementById(button.getAttribute("aria-controls") ?? ""));
    await act(async () => {
      await user.keyboard("{Escape}");
    });
    observer.disconnect();
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(seen.filter((state) => state.expanded === "true" && !state.panelInPage)).toEqual([]);
    expect(seen.some((state) => state.expanded === "true")).toBe(true);
  });
});
