import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { NavigationItem } from "@library/src/titleBar/navigationItems";
import { MEGA_MENU_CLOSE_DELAY_MS } from "@library/src/titleBar/TitleBarMegaMenu";
import { TitleBarNav } from "@library/src/titleBar/TitleBarNav";

const items: NavigationItem[] = [
  { id: "posts", name: "Posts", url: "/discussions" },
  {
    id: "help",
    name: "Help",
    url: "/help",
    badge: { type: "text", text: "New" },
    children: [
      { id: "guides", name: "Guides", url: "/guides" },
      { id: "faq", name: "FAQ", url: "/faq" },
      {
        id: "garden",
        name: "Garden",
        url: "",
        children: [{ id: "roses", name: "Roses", url: "/roses" }],
      },
    ],
  },
  { id: "events", name: "Events", url: "/events", children: [{ id: "fair", name: "Fair", url: "/fair" }] },
];

function renderNav() {
  render(<TitleBarNav items={items} currentUrl="/faq" />);
  return screen.getByRole("button", { name: /Help/ });
}

describe("TitleBarMegaMenu", () => {
  it("shows a badge and opens on focus; Enter moves into it, arrows go through its links, Escape closes", async () => {
    const user = userEvent.setup();
    const help = renderNav();
    expect(help).toHaveTextContent("New");
    expect(help).toHaveAttribute("aria-expanded", "false");
    await user.tab();
    await user.tab();
    expect(help).toHaveFocus();
    expect(help).toHaveAttribute("aria-expanded", "true");
    const panel = screen.getByRole("group", { name: "Help" });
    expect(within(panel).getByRole("link", { name: "FAQ" })).toHaveAttribute("aria-current", "page");

    await user.keyboard("{Enter}");
    await act(() => new Promise((resolve) => window.requestAnimationFrame(resolve)));
    expect(within(panel).getByRole("link", { name: /^Help/ })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(panel).getByRole("link", { name: "Guides" })).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(within(panel).getByRole("link", { name: "Roses" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(panel).getByRole("link", { name: /^Help/ })).toHaveFocus();
    // Right goes to the next column (Garden's), Left back to the first.
    await user.keyboard("{ArrowRight}");
    expect(within(panel).getByRole("link", { name: "Roses" })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(within(panel).getByRole("link", { name: /^Help/ })).toHaveFocus();
    await user.keyboard("{End}");
    expect(within(panel).getByRole("link", { name: "Roses" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(help).toHaveFocus();
    expect(help).toHaveAttribute("aria-expanded", "false");
    expect(panel).not.toBeVisible();

    // Space opens it again; Right on the button goes to the next top-level entry.
    await user.keyboard(" ");
    expect(help).toHaveAttribute("aria-expanded", "true");
    await act(() => new Promise((resolve) => window.requestAnimationFrame(resolve)));
    expect(within(panel).getByRole("link", { name: /^Help/ })).toHaveFocus();
    await user.keyboard("{Escape}{ArrowRight}");
    expect(screen.getByRole("button", { name: "Events" })).toHaveFocus();
  });

  it("opens on hover and closes 250 ms after the pointer left", async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      const help = renderNav();
      await user.hover(help);
      expect(help).toHaveAttribute("aria-expanded", "true");
      await user.unhover(help);
      act(() => jest.advanceTimersByTime(MEGA_MENU_CLOSE_DELAY_MS - 10));
      expect(help).toHaveAttribute("aria-expanded", "true");
      // Coming back in time keeps it open.
      await user.hover(screen.getByRole("group", { name: "Help", hidden: true }));
      act(() => jest.advanceTimersByTime(MEGA_MENU_CLOSE_DELAY_MS));
      expect(help).toHaveAttribute("aria-expanded", "true");
      await user.unhover(help);
      act(() => jest.advanceTimersByTime(MEGA_MENU_CLOSE_DELAY_MS));
      expect(help).toHaveAttribute("aria-expanded", "false");
    } finally {
      jest.useRealTimers();
    }
  });
});
