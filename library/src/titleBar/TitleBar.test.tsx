import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { registerComponent } from "@library/src/registry/componentRegistry";
import {
  DEFAULT_PROPS,
  globalPermissions,
  MESSAGES_ITEM,
  renderTitleBar,
  SEARCH_ITEM,
  setWindowWidth,
} from "@library/src/titleBar/titleBarTestUtils";

jest.mock("@library/src/routing/pageNavigation", () => ({ fullPageNavigate: jest.fn() }));

const TARGET = encodeURIComponent(DEFAULT_PROPS.currentUrl);

describe("TitleBar", () => {
  beforeEach(() => setWindowWidth(1280));
  afterEach(() => {
    removeBootstrap();
    jest.mocked(fullPageNavigate).mockClear();
  });

  describe("guests", () => {
    it("shows the logo, main navigation, search and Sign In / Register returning to the current page", () => {
      renderTitleBar();
      expect(screen.getByRole("link", { name: "Gardening Club" })).toHaveAttribute("href", "/");
      const nav = screen.getByRole("navigation", { name: "Main" });
      expect(within(nav).getByRole("link", { name: "Posts" })).toHaveAttribute("href", "/discussions");
      expect(within(nav).getByRole("link", { name: "Categories" })).toHaveAttribute("href", "/categories");
      expect(screen.getByRole("button", { name: "Search" })).toBeInTheDocument();
      expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute(
        "href",
        `/entry/signin?Target=${TARGET}`,
      );
      expect(screen.getByRole("link", { name: "Register" })).toHaveAttribute(
        "href",
        `/entry/register?Target=${TARGET}`,
      );
      expect(screen.queryByRole("button", { name: "My Account" })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Notifications" })).not.toBeInTheDocument();
    });

    it("shows the logo image when a logo is set", () => {
      renderTitleBar({ props: { ...DEFAULT_PROPS, logoUrl: "/uploads/logo.png" } });
      const logo = screen.getByRole("img", { name: "Gardening Club" });
      expect(logo).toHaveAttribute("src", "/uploads/logo.png");
      expect(logo.closest("a")).toHaveAttribute("href", "/");
    });

    it("shows no Register on an invitation-only site (empty registrationUrl), in the bar or the panel", async () => {
      renderTitleBar({ props: { ...DEFAULT_PROPS, registrationUrl: "" } });
      expect(screen.getByRole("link", { name: "Sign In" })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
    });

    it("shows the server's navigation with badges and mega menus, and no entries when it sends none", () => {
      const navigation = [
        { id: "help", name: "Help", url: "/help", children: [{ id: "faq", name: "FAQ", url: "/faq" }] },
        {
          id: "shop",
          name: "Shop",
          url: "https://shop.example.com",
          badge: { type: "text" as const, text: "Sale" },
        },
      ];
      const { unmount } = renderTitleBar({ props: { ...DEFAULT_PROPS, navigation } });
      const nav = screen.getByRole("navigation", { name: "Main" });
      expect(within(nav).getByRole("button", { name: "Help" })).toHaveAttribute("aria-expanded", "false");
      expect(within(nav).getByRole("link", { name: "Shop Sale" })).toHaveAttribute(
        "href",
        "https://shop.example.com",
      );
      expect(within(nav).queryByRole("link", { name: "Posts" })).not.toBeInTheDocument();
      unmount();
      renderTitleBar({ props: { ...DEFAULT_PROPS, navigation: [] } });
      expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
    });

    it("falls back to Posts and Categories only while the forum section is enabled", () => {
      const { navigation: _navigation, ...withoutNavigation } = DEFAULT_PROPS;
      const { unmount } = renderTitleBar({ props: withoutNavigation });
      expect(screen.getByRole("link", { name: "Posts" })).toBeInTheDocument();
      unmount();
      renderTitleBar({ props: withoutNavigation, config: { "forum.disabled": true } });
      expect(screen.queryByRole("link", { name: "Posts" })).not.toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Categories" })).not.toBeInTheDocument();
    });

    it("marks the current section in the navigation", () => {
      renderTitleBar({ props: { ...DEFAULT_PROPS, currentUrl: "/categories/4?x=1" } });
      expect(screen.getByRole("link", { name: "Categories" })).toHaveAttribute("aria-current", "page");
      expect(screen.getByRole("link", { name: "Posts" })).not.toHaveAttribute("aria-current");
    });
  });

  describe("members", () => {
    const member = makeMe({
      name: "Alice",
      photoUrl: "/uploads/alice.png",
      counts: { UnreadNotifications: 3 },
    });

    it("opens Notifications with the keyboard and closes it with Escape, returning focus", async () => {
      const user = userEvent.setup();
      renderTitleBar({ user: member });
      expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
      const button = screen.getByRole("button", { name: "Notifications" });
      button.focus();
      await user.keyboard("{Enter}");
      expect(button).toHaveAttribute("aria-expanded", "true");
      const panel = screen.getByRole("group", { name: "Notifications" });
      expect(within(panel).getByText("There are no notifications yet.")).toBeInTheDocument();
      const all = within(panel).getByRole("link", { name: "All Notifications" });
      expect(all).toHaveAttribute("href", "/notifications");
      expect(all).toHaveFocus();
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("group", { name: "Notifications" })).not.toBeInTheDocument();
      expect(button).toHaveFocus();
    });

    it("opens My Account with Space, moves through items with arrows and closes with Escape", async () => {
      const user = userEvent.setup();
      renderTitleBar({ user: member });
      const button = screen.getByRole("button", { name: "My Account" });
      button.focus();
      await user.keyboard(" ");
      const menu = screen.getByRole("menu", { name: "My Account" });
      expect(within(menu).getByText("Alice")).toBeInTheDocument();
      const photo = menu.querySelector("img");
      expect(photo).toHaveAttribute("width", "70");
      expect(photo).toHaveAttribute("src", "/uploads/alice.png");

      const items = within(menu).getAllByRole("menuitem");
      expect(items.map((item) => item.textContent)).toEqual([
        "Profile",
        "Notifications",
        "Bookmarks",
        "Drafts",
        "Messages",
        "Sign Out",
      ]);
      expect(items[0]).toHaveAttribute("href", "/profile/Alice");
      expect(items[1]).toHaveAttribute("href", "/notifications");
      expect(items[2]).toHaveAttribute("href", "/discussions/bookmarked");
      expect(items[3]).toHaveAttribute("href", "/drafts");
      expect(items[4]).toHaveAttribute("href", "/messages");
      expect(items[0]).toHaveFocus();
      await user.keyboard("{ArrowDown}");
      expect(items[1]).toHaveFocus();
      await user.keyboard("{ArrowUp}{ArrowUp}");
      expect(items[5]).toHaveFocus();
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("menu")).not.toBeInTheDocument();
      expect(button).toHaveFocus();
    });

    it("shows a contributed entry (Messages) only when the server lists it", () => {
      renderTitleBar({ user: member, props: { ...DEFAULT_PROPS, items: [] } });
      expect(screen.getByRole("button", { name: "Notifications" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Messages" })).not.toBeInTheDocument();
    });

    it("shows a picker entry to guests too, before Sign In, beside the menu button on a compact bar", () => {
      const picker = { ...MESSAGES_ITEM, key: "sections", label: "Sections", href: "/", component: null };
      const { unmount } = renderTitleBar({ props: { ...DEFAULT_PROPS, pickers: [picker] } });
      const link = screen.getByRole("link", { name: "Sections" });
      expect(link.closest(".titleBar-actions")).not.toBeNull();
      unmount();
      setWindowWidth(700);
      renderTitleBar({ props: { ...DEFAULT_PROPS, pickers: [picker] } });
      const compactLink = screen.getByRole("link", { name: "Sections" });
      expect(compactLink.closest(".titleBar-actions")).toBeNull();
      expect(compactLink.closest(".titleBar-pickers")).not.toBeNull();
    });

    it("shows a contributed entry as a link while its add-on's component is not registered", () => {
      const item = { ...MESSAGES_ITEM, key: "later", label: "Later", href: "/later", component: "NotLoaded" };
      renderTitleBar({ user: member, props: { ...DEFAULT_PROPS, items: [item] } });
      expect(screen.getByRole("link", { name: "Later" })).toHaveAttribute("href", "/later");
    });

    it("shows unread counts as badges, '99+' above 99", () => {
      renderTitleBar({
        user: makeMe({ counts: { UnreadNotifications: 150, UnreadConversations: 7 } }),
      });
      expect(screen.getByText("99+")).toHaveAttribute("title", "150");
      expect(screen.getByText("7")).toBeInTheDocument();
    });

    it("shows no badge without unread items", () => {
      renderTitleBar({ user: makeMe({ counts: { UnreadNotifications: 0, UnreadConversations: 0 } }) });
      expect(document.querySelector(".countBadge")).toBeNull();
    });

    it("offers Dashboard only to users who manage the site, community or users", async () => {
      const user = userEvent.setup();
      renderTitleBar({ user: member, permissions: globalPermissions({ "users.edit": true }) });
      await user.click(screen.getByRole("button", { name: "My Account" }));
      expect(screen.getByRole("menuitem", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    });

    it("hides Dashboard from members without those permissions", async () => {
      const user = userEvent.setup();
      renderTitleBar({ user: member, permissions: globalPermissions({ "discussions.add": true }) });
      await user.click(screen.getByRole("button", { name: "My Account" }));
      expect(screen.queryByRole("menuitem", { name: "Dashboard" })).not.toBeInTheDocument();
    });

    it("signs out through the API, then loads the home page", async () => {
      const user = userEvent.setup();
      const api = mockApi(() => ({ status: 204 }));
      try {
        renderTitleBar({ user: member });
        await user.click(screen.getByRole("button", { name: "My Account" }));
        await user.click(screen.getByRole("menuitem", { name: "Sign Out" }));
        expect(api.requests).toEqual([
          expect.objectContaining({ method: "POST", url: "authenticate/signout" }),
        ]);
        expect(fullPageNavigate).toHaveBeenCalledWith("/");
      } finally {
        api.restore();
      }
    });

    it("stays on the page and shows the error when signing out fails", async () => {
      const user = userEvent.setup();
      const api = mockApi(() => ({ status: 500, data: { message: "The server is down.", status: 500 } }));
      try {
        renderTitleBar({ user: member });
        await user.click(screen.getByRole("button", { name: "My Account" }));
        await user.click(screen.getByRole("menuitem", { name: "Sign Out" }));
        expect(await screen.findByRole("alert")).toHaveTextContent("The server is down.");
        expect(fullPageNavigate).not.toHaveBeenCalled();
      } finally {
        api.restore();
      }
    });
  });

  describe("search box", () => {
    it("expands into a GET form for the search entry's page and closes with Cancel", async () => {
      const user = userEvent.setup();
      renderTitleBar();
      await user.click(screen.getByRole("button", { name: "Search" }));
      const form = await screen.findByRole("search");
      expect(form).toHaveAttribute("action", "/find");
      expect(form).toHaveAttribute("method", "get");
      const input = within(form).getByRole("searchbox", { name: "Search" });
      expect(input).toHaveAttribute("name", "query");
      expect(input).toHaveFocus();
      await user.click(within(form).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("search")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Search" })).toHaveFocus();
    });

    it("closes with Escape and returns focus to the search button", async () => {
      const user = userEvent.setup();
      renderTitleBar();
      await user.click(screen.getByRole("button", { name: "Search" }));
      await user.keyboard("roses{Escape}");
      expect(screen.queryByRole("search")).not.toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Search" })).toHaveFocus();
    });

    it("is not in the bar without a search entry", () => {
      renderTitleBar({ props: { ...DEFAULT_PROPS, search: null } });
      expect(screen.getByRole("link", { name: "Gardening Club" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Search" })).not.toBeInTheDocument();
    });

    it("opens the search entry's own box once it is registered", async () => {
      registerComponent("TestAutocompleteBox", () => <div role="search">Autocomplete</div>);
      const user = userEvent.setup();
      renderTitleBar({
        props: { ...DEFAULT_PROPS, search: { ...SEARCH_ITEM, component: "TestAutocompleteBox" } },
      });
      await user.click(screen.getByRole("button", { name: "Search" }));
      expect(await screen.findByRole("search")).toHaveTextContent("Autocomplete");
    });

    it("closes on a click outside", async () => {
      const user = userEvent.setup();
      renderTitleBar();
      await user.click(screen.getByRole("button", { name: "Search" }));
      await user.click(screen.getByRole("link", { name: "Gardening Club" }));
      expect(screen.queryByRole("search")).not.toBeInTheDocument();
    });
  });

  describe("compact widths", () => {
    beforeEach(() => setWindowWidth(700));

    it("opens the Site Navigation side panel from the hamburger and closes it", async () => {
      const user = userEvent.setup();
      renderTitleBar();
      expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
      const hamburger = screen.getByRole("button", { name: "Site Navigation" });
      await user.click(hamburger);
      const dialog = await screen.findByRole("dialog", { name: "Site Navigation" });
      expect(dialog.closest(".modal-backdrop")).toHaveClass("modal-backdrop--sidePanelLeft");
      const nav = within(dialog).getByRole("navigation", { name: "Site Navigation" });
      expect(within(nav).getByRole("link", { name: "Posts" })).toHaveAttribute("href", "/discussions");
      expect(within(nav).getByRole("link", { name: "Categories" })).toHaveAttribute("href", "/categories");
      expect(within(dialog).getByRole("link", { name: "Register" })).toHaveAttribute(
        "href",
        `/entry/register?Target=${TARGET}`,
      );
      await user.click(within(dialog).getByRole("button", { name: "Close" }));
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
      expect(hamburger).toHaveFocus();
    });

    it("gives members a My Account side panel with account, notifications and messages tabs", async () => {
      const user = userEvent.setup();
      renderTitleBar({ user: makeMe({ name: "Alice", counts: { UnreadNotifications: 4 } }) });
      expect(screen.queryByRole("button", { name: "Notifications" })).not.toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "My Account" }));
      const dialog = await screen.findByRole("dialog", { name: "My Account" });
      expect(dialog.closest(".modal-backdrop")).toHaveClass("modal-backdrop--sidePanelRight");
      const tabs = within(dialog).getAllByRole("tab");
      expect(tabs.map((tab) => tab.textContent)).toEqual(["Account", "Notifications4", "Messages"]);
      expect(within(dialog).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile/Alice");
      expect(within(dialog).getByRole("button", { name: "Sign Out" })).toBeInTheDocument();

      await user.click(tabs[1]!);
      expect(within(dialog).getByText("There are no notifications yet.")).toBeInTheDocument();
      await user.click(tabs[2]!);
      expect(within(dialog).getByText("There are no messages yet.")).toBeInTheDocument();
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });

    it("leaves out the messages tab when conversations are disabled", async () => {
      const user = userEvent.setup();
      renderTitleBar({ user: makeMe(), props: { ...DEFAULT_PROPS, items: [] } });
      await user.click(screen.getByRole("button", { name: "My Account" }));
      const tabs = within(screen.getByRole("dialog", { name: "My Account" })).getAllByRole("tab");
      expect(tabs.map((tab) => tab.textContent)).toEqual(["Account", "Notifications"]);
    });

    it("shows the mobile logo and nested custom navigation with Back in the side panel", async () => {
      const user = userEvent.setup();
      const navigation = [
        {
          id: "help",
          name: "Help",
          url: "/help",
          children: [
            { id: "faq", name: "FAQ", url: "/faq" },
            { id: "guides", name: "Guides", url: "/guides" },
          ],
        },
      ];
      renderTitleBar({
        props: {
          ...DEFAULT_PROPS,
          logoUrl: "/uploads/logo.png",
          mobileLogoUrl: "/uploads/mobile.png",
          navigation,
          registrationUrl: "",
        },
      });
      expect(screen.getByRole("img", { name: "Gardening Club" })).toHaveAttribute(
        "src",
        "/uploads/mobile.png",
      );
      await user.click(screen.getByRole("button", { name: "Site Navigation" }));
      const dialog = await screen.findByRole("dialog", { name: "Site Navigation" });
      expect(within(dialog).queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole("button", { name: "Open Help" }));
      expect(within(dialog).getByRole("link", { name: "Guides" })).toHaveAttribute("href", "/guides");
      await user.click(within(dialog).getByRole("button", { name: "Back" }));
      expect(within(dialog).getByRole("link", { name: "Help" })).toBeInTheDocument();
      expect(within(dialog).queryByRole("link", { name: "Guides" })).not.toBeInTheDocument();
    });

    it("keeps Sign In in the bar and moves Register to the panel on extra-small screens", () => {
      setWindowWidth(375);
      renderTitleBar();
      expect(screen.getByRole("link", { name: "Sign In" })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
    });

    it("switches layout when the window grows past the compact breakpoint", () => {
      jest.useFakeTimers();
      try {
        renderTitleBar();
        expect(screen.getByRole("button", { name: "Site Navigation" })).toBeInTheDocument();
        act(() => {
          setWindowWidth(1280);
          window.dispatchEvent(new Event("resize"));
          jest.advanceTimersByTime(100);
        });
        expect(screen.queryByRole("button", { name: "Site Navigation" })).not.toBeInTheDocument();
        expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
