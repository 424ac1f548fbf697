import type { PageBootstrap } from "@forum/api/bootstrap";
import { DEFAULT_TITLE_BAR_CONFIG } from "@forum/api/titleBarDefaults";
import type { TitleBarItem } from "@forum/api/titleBar";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { useAppSelector } from "@library/src/redux/hooks";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { InboxDropDown } from "@library/src/titleBar/InboxDropDowns";
import { InboxPanel } from "@library/src/titleBar/InboxPanels";
import type { TitleBarItemComponentProps } from "@library/src/titleBar/TitleBarItemEntry";
import type { Me, PermissionsResponse } from "@forum/api/users";
import { GUEST_PERMISSIONS, GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { installBootstrap } from "@library/src/testing/bootstrapFixture";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { preloadMemberTitleBarActions, TitleBar, type TitleBarProps } from "@library/src/titleBar/TitleBar";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";

// The member side of the bar is a chunk of its own in the browser, preloaded before a member's page mounts it:
// the tests that use these helpers load it once first, as pages do.
beforeAll(() => preloadMemberTitleBarActions());

/** A contributed entry as an add-on's would be (a Messages menu with its own dropdown and panel). */
export const MESSAGES_ITEM: TitleBarItem = {
  key: "messages",
  label: "Messages",
  href: "/messages",
  component: "TestInboxDropDown",
  panelComponent: "TestInboxPanel",
  countName: "UnreadConversations",
};

/** A search entry as a search add-on's would be (its box not registered: the plain form). */
export const SEARCH_ITEM: TitleBarItem = {
  key: "find",
  label: "Search",
  href: "/find",
  component: "TestSearchBox",
  panelComponent: null,
  countName: null,
};

export const DEFAULT_PROPS: Required<TitleBarProps> = {
  siteTitle: "Gardening Club",
  logoUrl: "",
  currentUrl: "/discussion/5/roses?page=2",
  items: [MESSAGES_ITEM],
  search: SEARCH_ITEM,
  pickers: [],
  mobileLogoUrl: "",
  navigation: [
    { id: "posts", name: "Posts", url: "/discussions" },
    { id: "categories", name: "Categories", url: "/categories" },
  ],
  config: DEFAULT_TITLE_BAR_CONFIG,
  signInUrl: "/entry/signin",
  registrationUrl: "/entry/register",
};

function TestInboxPanel({ showTitle = true }: { showTitle?: boolean }) {
  return (
    <InboxPanel
      title="Messages"
      emptyText="There are no messages yet."
      allLabel="All Messages"
      allHref="/messages"
      showTitle={showTitle}
    />
  );
}

function TestInboxDropDown({ item }: TitleBarItemComponentProps) {
  const user = useAppSelector(selectCurrentUser);
  return (
    <InboxDropDown
      label={item.label}
      icon={<span aria-hidden="true">✉</span>}
      count={item.countName ? (user.counts[item.countName] ?? 0) : 0}
    >
      <TestInboxPanel />
    </InboxDropDown>
  );
}

/** What an add-on's client entry does for its title-bar entry. */
export function registerTestInboxComponents(): void {
  registerComponent("TestInboxDropDown", TestInboxDropDown);
  registerComponent("TestInboxPanel", TestInboxPanel);
}

/** Mock the window width the device hook reads (it is read on the first render). */
export function setWindowWidth(width: number): void {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

/** Global grants for the permissions bootstrap. */
export function globalPermissions(grants: Record<string, boolean>): PermissionsResponse {
  return {
    ...GUEST_PERMISSIONS,
    permissions: [{ type: "global", id: null, permissions: grants }],
  };
}

export interface RenderTitleBarOptions {
  user?: Me;
  permissions?: PermissionsResponse;
  config?: PageBootstrap["config"];
  props?: TitleBarProps;
}

/** Install a page bootstrap (as the server writes it) and render the title bar with a toast container. */
export function renderTitleBar({
  user = GUEST_USER,
  permissions = GUEST_PERMISSIONS,
  config = {},
  props = DEFAULT_PROPS,
}: RenderTitleBarOptions = {}) {
  installBootstrap({ currentUser: user, permissions, config });
  registerTestInboxComponents();
  return renderWithStore(
    <>
      <header className="titleBar">
        <TitleBar {...props} />
      </header>
      <ToastContainer />
    </>,
  );
}
