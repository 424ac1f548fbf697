import type { NavigationItem, TitleBarConfig } from "@forum/api/navigation";
import type { TitleBarItem } from "@forum/api/titleBar";
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { getConfig } from "@library/src/bootstrap/bootstrap";
import { selectIsSignedIn } from "@library/src/currentUser/currentUserSlice";
import { Device, isCompactDevice, useDevice } from "@library/src/device/device";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { GuestActions } from "@library/src/titleBar/GuestActions";
import type { MemberTitleBarActionsProps } from "@library/src/titleBar/MemberTitleBarActions";
import { MenuIcon, SearchIcon } from "@library/src/titleBar/titleBarIcons";
import { TitleBarLogo } from "@library/src/titleBar/TitleBarLogo";
import { TitleBarNav } from "@library/src/titleBar/TitleBarNav";
import { getMainNavigation } from "@library/src/titleBar/navigationItems";
import { TitleBarItemEntry } from "@library/src/titleBar/TitleBarItemEntry";
import { classNames } from "@library/src/ui/classNames";
import "./TitleBar.css";

/** The props the server writes into `data-props` (library/server/pages/titleBar.ts); settings fill any gap. */
export interface TitleBarProps {
  siteTitle?: string;
  logoUrl?: string;
  /** Path and query of the current page, the Target of Sign In and Register. */
  currentUrl?: string;
  /** Entries contributed by applications and add-ons (a Messages menu…), filtered for the viewer. */
  items?: TitleBarItem[];
  /** The search entry an add-on contributes (its page and search box); without one the bar has no search. */
  search?: TitleBarItem | null;
  /** Entries every reader sees before the account actions (a site section picker). */
  pickers?: TitleBarItem[];
  /** The logo on narrow screens (the dashboard's "Mobile logo"); empty: the logo. */
  mobileLogoUrl?: string;
  /** The main navigation, filtered for the viewer by the server (SPEC 5); without it, the built-in entries. */
  navigation?: NavigationItem[];
  /** The stored look (SPEC 3 "Title bar config"): the server puts its classes on the header; the logo link here. */
  config?: TitleBarConfig;
  signInUrl?: string;
  /** Empty on an invitation-only site: no Register. */
  registrationUrl?: string;
}

type Panel = "navigation" | "account" | null;

/**
 * A member's side of the bar (notifications, contributed menus, My Account, live counts) is its own chunk: a
 * guest's page never loads it. Pages with a member preload it before the bar mounts (no empty moment); until
 * then the lazy stand-in fetches it.
 */
let memberActions: ComponentType<MemberTitleBarActionsProps> | null = null;
const LazyMemberActions = lazy(() =>
  preloadMemberTitleBarActions().then((component) => ({ default: component })),
);

export function preloadMemberTitleBarActions(): Promise<ComponentType<MemberTitleBarActionsProps>> {
  return import("@library/src/titleBar/MemberTitleBarActions").then((module) => {
    memberActions = module.MemberTitleBarActions;
    return module.MemberTitleBarActions;
  });
}

// The side panels are fetched when first opened: a page view that never opens them carries none of their code.
const SiteNavigationPanel = lazy(() =>
  import("@library/src/titleBar/SiteNavigationPanel").then((module) => ({
    default: module.SiteNavigationPanel,
  })),
);
// The search form opens from its button: fetched when the pointer or the focus reaches the button, so it is
// there by the time the button is pressed.
const loadTitleBarSearch = () => import("@library/src/titleBar/TitleBarSearch");
const TitleBarSearch = lazy(() =>
  loadTitleBarSearch().then((module) => ({ default: module.TitleBarSearch })),
);
const preloadTitleBarSearch = () => {
  loadTitleBarSearch().catch(() => undefined);
};
const MyAccountPanel = lazy(() =>
  import("@library/src/titleBar/MyAccountPanel").then((module) => ({ default: module.MyAccountPanel })),
);

/**
 * The site title bar (SPEC 2): logo, main navigation, search box, Sign In / Register for guests, and the
 * Notifications dropdown, the contributed entries (e.g. Messages) and My Account for members; below 800 px a hamburger opens the
 * 'Site Navigation' side panel and members get the 'My Account' side panel instead of dropdowns.
 */
export function TitleBar(props: TitleBarProps) {
  const siteTitle = props.siteTitle ?? getConfig("garden.title", "");
  const logoUrl = props.logoUrl ?? getConfig("branding.logo", "");
  const mobileLogoUrl = props.mobileLogoUrl ?? getConfig("branding.mobileLogo", "");
  const navigation = props.navigation ?? getMainNavigation();
  const signInUrl = props.signInUrl ?? getConfig("signInUrl", "/entry/signin");
  const registrationUrl = props.registrationUrl ?? getConfig("registrationUrl", "/entry/register");
  const currentUrl = props.currentUrl ?? `${window.location.pathname}${window.location.search}`;
  const items = props.items ?? [];
  const search = props.search ?? null;
  const pickers = props.pickers ?? [];
  const pickerEntries = pickers.map((item) => <TitleBarItemEntry key={item.key} item={item} />);

  const device = useDevice();
  const compact = isCompactDevice(device);
  const isSignedIn = useAppSelector(selectIsSignedIn);
  const MemberActions = memberActions ?? LazyMemberActions;

  const [searchOpen, setSearchOpen] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  // Once opened, a panel stays mounted so it can animate closed and open again at once.
  const [opened, setOpened] = useState<{ navigation: boolean; account: boolean }>({
    navigation: false,
    account: false,
  });
  useEffect(() => {
    if (panel && !opened[panel]) setOpened((previous) => ({ ...previous, [panel]: true }));
  }, [panel, opened]);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocusToSearch = useRef(false);

  useEffect(() => {
    if (searchOpen || !returnFocusToSearch.current) return;
    returnFocusToSearch.current = false;
    searchButtonRef.current?.focus();
  }, [searchOpen]);

  // Sticky transparent: the bar turns solid once the page scrolls under it.
  useEffect(() => {
    const header = document.getElementById("titleBar");
    if (!header?.classList.contains("titleBar--stickyTransparent")) return;
    const update = () => header.classList.toggle("titleBar--scrolled", window.scrollY > 0);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  // Leaving the compact layout closes its side panels.
  useEffect(() => {
    if (!compact) setPanel(null);
  }, [compact]);

  const closeSearch = (returnFocus: boolean) => {
    returnFocusToSearch.current = returnFocus;
    setSearchOpen(false);
  };
  const closePanel = () => setPanel(null);

  return (
    <div
      className={classNames(
        "titleBar-container",
        compact && "titleBar-container--compact",
        searchOpen && "titleBar-container--searchOpen",
      )}
    >
      {/* A compact bar: the menu button and the pickers, the logo, the actions. The two sides share the room
          equally, so the logo is centred while they fit and is shortened, never covered, when they do not. */}
      {compact && !searchOpen && (
        <div className="titleBar-start">
          <button
            type="button"
            className="titleBar-iconButton titleBar-hamburger"
            aria-label={t("Site Navigation")}
            aria-haspopup="dialog"
            aria-expanded={panel === "navigation"}
            onClick={() => setPanel("navigation")}
          >
            <MenuIcon />
          </button>
          {pickers.length > 0 && <div className="titleBar-pickers">{pickerEntries}</div>}
        </div>
      )}
      {!(compact && searchOpen) && (
        <TitleBarLogo
          siteTitle={siteTitle}
          logoUrl={compact ? mobileLogoUrl || logoUrl : logoUrl || mobileLogoUrl}
          href={props.config?.logo.url ?? "/"}
        />
      )}
      {!compact && !searchOpen && <TitleBarNav items={navigation} currentUrl={currentUrl} />}
      {searchOpen && search && (
        <Suspense fallback={null}>
          <TitleBarSearch item={search} onClose={closeSearch} />
        </Suspense>
      )}
      {!(compact && searchOpen) && (
        <div className="titleBar-actions">
          {!searchOpen && search && (
            <button
              ref={searchButtonRef}
              type="button"
              className="titleBar-iconButton titleBar-searchButton"
              aria-label={search.label}
              onPointerEnter={preloadTitleBarSearch}
              onFocus={preloadTitleBarSearch}
              onClick={() => setSearchOpen(true)}
            >
              <SearchIcon />
            </button>
          )}
          {!compact && !searchOpen && pickerEntries}
          {!isSignedIn && (
            <GuestActions
              currentUrl={currentUrl}
              signInUrl={signInUrl}
              registrationUrl={device === Device.XS ? "" : registrationUrl}
            />
          )}
          {isSignedIn && (
            <Suspense fallback={null}>
              <MemberActions
                compact={compact}
                items={items}
                accountPanelOpen={panel === "account"}
                onOpenAccountPanel={() => setPanel("account")}
              />
            </Suspense>
          )}
        </div>
      )}
      <Suspense fallback={null}>
        {compact && (panel === "navigation" || opened.navigation) && (
          <SiteNavigationPanel
            isVisible={panel === "navigation"}
            onClose={closePanel}
            currentUrl={currentUrl}
            items={navigation}
            signInUrl={signInUrl}
            registrationUrl={registrationUrl}
          />
        )}
        {compact && isSignedIn && (panel === "account" || opened.account) && (
          <MyAccountPanel isVisible={panel === "account"} onClose={closePanel} items={items} />
        )}
      </Suspense>
    </div>
  );
}
