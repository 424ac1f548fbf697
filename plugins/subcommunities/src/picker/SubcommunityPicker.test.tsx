import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { installBootstrap, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import type { SiteSection } from "../../api/subcommunitiesApi";
import { SubcommunityPicker } from "./SubcommunityPicker";

function section(siteSectionID: number, name: string, slug: string, locale: string): SiteSection {
  return {
    siteSectionID,
    name,
    slug,
    url: `http://localhost/${slug}/`,
    locale,
    rootCategoryID: null,
    description: "",
    themeKey: null,
    navigation: [],
    dateInserted: "2026-11-28T00:00:00Z",
    dateUpdated: "2026-11-28T00:00:00Z",
  };
}

const SECTIONS = [section(1, "Français", "fr", "fr"), section(2, "日本語", "ja", "ja")];

describe("SubcommunityPicker", () => {
  beforeEach(() => Object.defineProperty(window, "innerWidth", { configurable: true, value: 1400 }));
  afterEach(() => removeBootstrap());

  it("shows the current section and lists the site and every section in its language, by keyboard", async () => {
    // The page's app runs under the section's folder, inside a site installed under /forum.
    installBootstrap({
      basePath: "/forum/fr",
      config: {
        siteSection: {
          siteSectionID: 1,
          name: "Français",
          basePath: "/fr",
          contentLocale: "fr",
          rootCategoryID: null,
        },
      },
    });
    const user = userEvent.setup();
    render(<SubcommunityPicker sections={SECTIONS} pathname="/fr/categories" />);
    const button = screen.getByRole("button", { name: "Subcommunities" });
    expect(button).toHaveTextContent("Français");
    expect(button.querySelector("[lang]")).toHaveAttribute("lang", "fr");
    button.focus();
    await user.keyboard("{Enter}");
    const items = screen.getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Main site", "Français", "日本語"]);
    // The way out of the section loads the site's own home, never the section's in-app.
    expect(items[0]).toHaveAttribute("href", "/forum/");
    for (const item of items) expect(item).toHaveAttribute("data-link-handling", "off");
    expect(items[2]).toHaveAttribute("href", "http://localhost/ja/");
    expect(items[2]!.querySelector("span")).toHaveAttribute("lang", "ja");
    expect(items[1]).toHaveClass("subcommunityPicker-item--current");
    expect(items[0]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(items[1]).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(items[2]).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("names the site on its own pages and shows nothing while the site has no section", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<SubcommunityPicker sections={SECTIONS} pathname="/discussions" />);
    expect(screen.getByRole("button", { name: "Subcommunities" })).toHaveTextContent("Main site");
    await user.click(screen.getByRole("button", { name: "Subcommunities" }));
    expect(screen.getAllByRole("menuitem")[0]).toHaveAttribute("href", "/");
    unmount();
    render(<SubcommunityPicker sections={[]} pathname="/" />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
