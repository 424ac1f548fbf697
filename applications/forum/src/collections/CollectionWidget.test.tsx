import { render, screen, within } from "@testing-library/react";
import { CollectionWidget } from "./CollectionWidget";

describe("CollectionWidget", () => {
  it("shows the collection's title and links each record, nothing when it is empty", () => {
    const { container, rerender } = render(
      <CollectionWidget
        collectionID={4}
        title="Staff Picks"
        items={[
          {
            recordID: 7,
            recordType: "discussion",
            name: "Read me",
            url: "/discussion/7/read-me",
            excerpt: "Why",
          },
          { recordID: 2, recordType: "category", name: "Guides", url: "/categories/guides" },
        ]}
      />,
    );
    const section = screen.getByRole("region", { name: "Staff Picks" });
    const links = within(section).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Read meWhy", "/discussion/7/read-me"],
      ["Guides", "/categories/guides"],
    ]);
    rerender(<CollectionWidget collectionID={4} title="Staff Picks" items={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
