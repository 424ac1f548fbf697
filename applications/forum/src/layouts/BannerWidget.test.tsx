import { render, screen } from "@testing-library/react";
import { BannerWidget } from "@applications/forum/src/layouts/BannerWidget";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { resetRegistry } from "@library/src/registry/registryStore";

describe("BannerWidget", () => {
  afterEach(() => resetRegistry());

  it("shows the default title and no search form while no add-on provides one", () => {
    render(<BannerWidget title="" />);
    expect(screen.getByRole("heading", { level: 1, name: "How can we help you?" })).toBeInTheDocument();
    expect(screen.queryByRole("search")).not.toBeInTheDocument();
    expect(screen.queryByRole("searchbox")).not.toBeInTheDocument();
  });

  it("shows the search form an add-on registers", () => {
    registerComponent("HeroSearchForm", () => <form role="search" aria-label="Find" />);
    render(<BannerWidget title="" />);
    expect(screen.getByRole("search", { name: "Find" })).toBeInTheDocument();
  });

  it("shows the title and description it is given", () => {
    render(<BannerWidget title="Welcome, builders" description="Ask anything about the product." />);
    expect(screen.getByRole("heading", { level: 1, name: "Welcome, builders" })).toBeInTheDocument();
    expect(screen.getByText("Ask anything about the product.")).toBeInTheDocument();
  });
});
