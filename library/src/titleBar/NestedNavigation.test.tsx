import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NestedNavigation } from "./NestedNavigation";
import type { NavigationItem } from "./navigationItems";

const items: NavigationItem[] = [
  { id: "posts", name: "Posts", url: "/discussions" },
  {
    id: "categories",
    name: "Categories",
    url: "/categories",
    children: [
      { id: "roses", name: "Roses", url: "/categories/roses" },
      { id: "tulips", name: "Tulips", url: "/categories/tulips" },
    ],
  },
];

describe("NestedNavigation", () => {
  it("shows the top level and marks the current page", () => {
    render(<NestedNavigation items={items} currentUrl="/discussions?page=2" />);
    expect(screen.getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Categories" })).toHaveAttribute("href", "/categories");
    expect(screen.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
  });

  it("opens a nested level and goes back to the parent", async () => {
    const user = userEvent.setup();
    render(<NestedNavigation items={items} currentUrl="/" />);
    await user.click(screen.getByRole("button", { name: "Open Categories" }));
    expect(screen.getByRole("link", { name: "Roses" })).toHaveAttribute("href", "/categories/roses");
    expect(screen.queryByRole("link", { name: "Posts" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("link", { name: "Posts" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Roses" })).not.toBeInTheDocument();
  });
});
