import { screen, within } from "@testing-library/react";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { DiscussionListItem } from "@applications/forum/src/layouts/DiscussionListItem";
import { makeDiscussion } from "@applications/forum/src/layouts/testing/layoutFixtures";

describe("tag links", () => {
  it("link each tag of a list row to its tag page", () => {
    renderWithStore(
      <ul>
        <DiscussionListItem
          discussion={makeDiscussion({
            discussionID: 7,
            tags: [
              { tagID: 3, name: "Tomatoes", urlcode: "tomatoes" },
              { tagID: 4, name: "Raised Beds", urlcode: "raised-beds" },
            ],
          })}
        />
      </ul>,
    );
    const tags = screen.getByRole("list", { name: "Tags" });
    expect(
      within(tags)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Tomatoes", "/discussions?tagID=3"],
      ["Raised Beds", "/discussions?tagID=4"],
    ]);
  });

  it("show nothing for a discussion without tags", () => {
    renderWithStore(
      <ul>
        <DiscussionListItem discussion={makeDiscussion({ discussionID: 8 })} />
      </ul>,
    );
    expect(screen.queryByRole("list", { name: "Tags" })).toBeNull();
  });
});
