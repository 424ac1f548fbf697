import { render, screen, within } from "@testing-library/react";
import { node } from "@forum/api/layoutNode";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { resetRegistry } from "@library/src/registry/registryStore";
import { registerQnaWidgets } from "./registerQnaWidgets";

afterEach(() => resetRegistry());

function renderFilter(current: "unanswered" | "answered" | "accepted" | null) {
  registerQnaWidgets();
  render(<LayoutRenderer nodes={[node("QnaStatusFilter", { listUrl: "/categories/help", current })]} />);
  return screen.getByRole("navigation", { name: "Questions" });
}

describe("QnaStatusFilter", () => {
  it("links the list's questions of each status, and marks the one shown", () => {
    const filter = renderFilter("answered");
    const links = within(filter).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["All", "/categories/help"],
      ["Unanswered", "/categories/help?type=question&statusID=0"],
      ["Answered", "/categories/help?type=question&statusID=1"],
      ["Accepted", "/categories/help?type=question&statusID=2"],
    ]);
    expect(within(filter).getByRole("link", { name: "Answered" })).toHaveAttribute("aria-current", "page");
    expect(within(filter).getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current");
  });

  it("marks All when the list is not filtered to one status", () => {
    const filter = renderFilter(null);
    expect(within(filter).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    expect(within(filter).getByRole("link", { name: "Accepted" })).not.toHaveAttribute("aria-current");
  });
});
