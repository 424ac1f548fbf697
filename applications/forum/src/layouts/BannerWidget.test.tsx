import { render, screen } from "@testing-library/react";
import { BannerWidget } from "@applications/forum/src/layouts/BannerWidget";

describe("BannerWidget", () => {
  it("shows the default title and a search form that submits `query` to /search", () => {
    render(<BannerWidget title="" />);
    expect(screen.getByRole("heading", { level: 1, name: "How can we help you?" })).toBeInTheDocument();
    const form = screen.getByRole("search");
    expect(form).toHaveAttribute("action", "/search");
    expect(form).toHaveAttribute("method", "get");
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveAttribute("name", "query");
    expect(screen.getByRole("button", { name: "Search" })).toHaveAttribute("type", "submit");
  });

  it("shows the title and description it is given", () => {
    render(<BannerWidget title="Welcome, builders" description="Ask anything about the product." />);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome, builders" })).toBeInTheDocument();
    expect(screen.getByText("Ask anything about the product.")).toBeInTheDocument();
  });
});
