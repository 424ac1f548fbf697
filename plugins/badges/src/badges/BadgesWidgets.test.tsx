import { render, screen, within } from "@testing-library/react";
import { node } from "@forum/api/layoutNode";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { resetRegistry } from "@library/src/registry/registryStore";
import { registerBadgesWidgets } from "./registerBadgesWidgets";

afterEach(() => resetRegistry());

describe("the badges widgets", () => {
  it("lists a member's badges on their profile, each linking to its page", () => {
    registerBadgesWidgets();
    render(
      <LayoutRenderer
        nodes={[
          node("ProfileBadges", {
            badges: [
              {
                name: "First Post",
                icon: "✏️",
                url: "/badges/first-post",
                description: "Wrote a first post.",
              },
              { name: "Helpful", icon: "🤝", url: "/badges/helpful", description: "Helped a member." },
            ],
          }),
        ]}
      />,
    );
    const section = screen.getByRole("region", { name: "Badges" });
    const links = within(section).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/badges/first-post", "/badges/helpful"]);
    expect(links[0]).toHaveTextContent("First Post");
  });

  it("ranks the leaderboard's members in order with their points", () => {
    registerBadgesWidgets();
    render(
      <LayoutRenderer
        nodes={[
          node("BadgesLeaderboard", {
            entries: [
              { userID: 2, name: "Maya Chen", url: "/profile/Maya%20Chen", photoUrl: "/a.png", points: 12 },
              { userID: 3, name: "Jonas Berg", url: "/profile/Jonas%20Berg", photoUrl: "/b.png", points: 4 },
            ],
          }),
        ]}
      />,
    );
    const board = screen.getByRole("region", { name: "Leaderboard" });
    const rows = within(board).getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Maya Chen");
    expect(rows[0]).toHaveTextContent("12 points");
    expect(rows[1]).toHaveTextContent("Jonas Berg");
    expect(within(board).getByRole("link", { name: "All Badges" })).toHaveAttribute("href", "/badges");
  });
});
