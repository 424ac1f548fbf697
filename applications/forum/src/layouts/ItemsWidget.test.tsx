import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { WidgetItem } from "@forum/api/layoutWidgets";
import { ITEM_CONTENT_TYPES } from "@forum/api/layoutWidgetOptions";
import { ItemsWidget } from "@applications/forum/src/layouts/ItemsWidget";

const items: WidgetItem[] = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"].map((name, index) => ({
  key: `item-${index}`,
  name,
  url: `/discussion/${index + 1}`,
  description: `About ${name}`,
  meta: `${index} comments`,
}));

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

describe("ItemsWidget", () => {
  beforeEach(() => setWidth(1280));

  it("draws a grid of at most the columns SPEC 9 allows, every item a link with its description", () => {
    render(
      <ItemsWidget
        title="Picks"
        items={items}
        itemOptions={{ contentType: "title-description", displayType: "grid", maxColumnCount: 4 }}
        viewAllUrl="/discussions"
      />,
    );
    const region = screen.getByRole("region", { name: "Picks" });
    const list = within(region).getByRole("list");
    // title-description allows 3 columns, whatever the stored count says.
    expect(list.style.getPropertyValue("--widgetItems-columns")).toBe("3");
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    expect(within(list).getByRole("link", { name: /Alpha/ })).toHaveAttribute("href", "/discussion/1");
    expect(screen.getByText("About Beta")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/discussions");
  });

  it("draws every content type (chat bubble, icon, image placeholders) and a list or link row", () => {
    for (const contentType of ITEM_CONTENT_TYPES) {
      const { container, unmount } = render(
        <ItemsWidget
          title={contentType}
          items={items.slice(0, 1)}
          itemOptions={{ contentType, displayType: "grid", maxColumnCount: 1 }}
        />,
      );
      expect(container.querySelector(`.widgetItem--${contentType}`)).not.toBeNull();
      const description = screen.queryByText("About Alpha");
      if (contentType === "title" || contentType === "title-background") expect(description).toBeNull();
      else expect(description).toBeInTheDocument();
      if (contentType === "title-chat-bubble") expect(description).toHaveClass("widgetItem-bubble");
      if (contentType === "title-description-icon")
        expect(container.querySelector(".widgetItem-icon.widgetItem-placeholder")).not.toBeNull();
      if (contentType === "title-description-image")
        expect(container.querySelector(".widgetItem-image.widgetItem-placeholder")).not.toBeNull();
      unmount();
    }
    const { container } = render(
      <ItemsWidget
        items={items}
        itemOptions={{ contentType: "title-description", displayType: "link", maxColumnCount: 3 }}
      />,
    );
    // A row of links shows titles only.
    expect(container.querySelector(".widgetItems--link")).not.toBeNull();
    expect(screen.queryByText("About Alpha")).toBeNull();
    expect(screen.getByRole("link", { name: "Gamma" })).toBeInTheDocument();
  });

  it("moves the carousel with Previous/Next and the arrow keys, showing only the items in view", async () => {
    const user = userEvent.setup();
    render(
      <ItemsWidget
        title="Trending"
        items={items}
        itemOptions={{ contentType: "title", displayType: "carousel", maxColumnCount: 2 }}
      />,
    );
    const carousel = screen.getByRole("region", { name: "Trending, slides" });
    const shown = () =>
      within(carousel)
        .getAllByRole("link")
        .map((link) => link.textContent);
    expect(shown()).toEqual(["Alpha", "Beta"]);
    expect(screen.getByRole("button", { name: /Previous/ })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText("1–2 of 5")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /Next/ }));
    expect(shown()).toEqual(["Gamma", "Delta"]);
    await user.keyboard("{ArrowRight}");
    expect(shown()).toEqual(["Delta", "Epsilon"]);
    expect(screen.getByRole("button", { name: /Next/ })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("button", { name: /Next/ })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(shown()).toEqual(["Alpha", "Beta"]);
    fireEvent.keyDown(within(carousel).getByRole("link", { name: "Alpha" }), { key: "End" });
    expect(shown()).toEqual(["Delta", "Epsilon"]);
    expect(within(carousel).getByRole("listitem", { name: "5 of 5" })).toBeInTheDocument();
  });

  it("shows one item at a time on a phone", () => {
    setWidth(390);
    render(
      <ItemsWidget
        title="Trending"
        items={items}
        itemOptions={{ contentType: "title", displayType: "carousel", maxColumnCount: 3 }}
      />,
    );
    expect(
      within(screen.getByRole("region", { name: "Trending, slides" })).getAllByRole("link"),
    ).toHaveLength(1);
    expect(screen.getByText("1–1 of 5")).toBeInTheDocument();
  });

  it("says so when there is nothing to show", () => {
    render(
      <ItemsWidget
        title="Empty"
        items={[]}
        itemOptions={{ contentType: "title", displayType: "list", maxColumnCount: 1 }}
      />,
    );
    expect(screen.getByText("Nothing to show yet.")).toBeInTheDocument();
  });
});
