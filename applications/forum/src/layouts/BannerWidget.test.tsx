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

  it("takes a layout's images, hides the search bar, or asks the add-on's form for the scope selector", () => {
    registerComponent("HeroSearchForm", ({ showScope }: { showScope?: boolean }) => (
      <form role="search" aria-label={showScope ? "Find in a scope" : "Find"} />
    ));
    const { container, rerender } = render(
      <BannerWidget title="Hi" backgroundImage="/bg.png" rightImage="/side.png" showSearch={false} />,
    );
    expect(screen.queryByRole("search")).toBeNull();
    expect(container.querySelector("section")?.style.backgroundImage).toBe('url("/bg.png")');
    expect(container.querySelector(".heroBanner-rightImage")).toHaveAttribute("src", "/side.png");

    rerender(<BannerWidget title="Hi" showSearch showScope />);
    expect(screen.getByRole("search", { name: "Find in a scope" })).toBeInTheDocument();
  });

  it("shows no scope search while no add-on provides a search form (no form leading to a missing page)", () => {
    render(<BannerWidget title="Hi" showSearch showScope />);
    expect(screen.queryByRole("search")).toBeNull();
  });
});
