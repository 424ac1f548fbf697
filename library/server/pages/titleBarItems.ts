import type { TitleBarItem, TitleBarPlacement } from "@forum/api/titleBar";
import type { Viewer } from "../permissions/viewer";
import type { SettingsStore } from "../settings/settingsStore";
import type { TitleBarNavigationSource } from "./titleBarNavigation";

/** What the title bar's entries read from the app context: the settings that switch an entry off. */
export interface TitleBarSettings {
  settings: Pick<SettingsStore, "peek">;
}

/** A title-bar entry an application or add-on contributes (the core names none). */
export interface TitleBarItemDeclaration {
  key: string;
  /** Message key, shown through `t()`. */
  label: string;
  href: string;
  /**
   * The client component that renders the interactive entry (a dropdown with a count); registered by the
   * add-on's client entry. Without it, or before it loads, the entry is a plain link.
   */
  component?: string;
  /** The client component for the entry's tab in the compact 'My Account' panel. */
  panelComponent?: string;
  /** The me-counter (its declared name, e.g. the add-on's own) shown as the entry's unread count. */
  countName?: string;
  /** Signed-in members only (default true). */
  membersOnly?: boolean;
  /** A permission the viewer must hold for the entry to show (e.g. `community.moderate` for Review). */
  permission?: string;
  /** A setting that must be true for the entry to show (e.g. a per-site switch of the feature). */
  settingKey?: string;
  /** Order among the contributed entries (lower first). */
  sort?: number;
  /**
   * `menu` (default): an entry among a member's menus. `searchBox`: the bar's search button (the first visible one
   * wins); `href` is the page the plain search form goes to and `component` the search box that replaces it.
   */
  placement?: TitleBarPlacement;
}

export type { TitleBarItem };

interface RegisteredItem extends TitleBarItemDeclaration {
  owner: string;
}

/** The title-bar entries of one app, filtered per viewer and by their owner's state. */
export class TitleBarItemRegistry {
  private readonly items: RegisteredItem[] = [];
  private isOwnerActive: (owner: string) => boolean = () => true;

  /** The main navigation and the bar's config: the dashboard's, once it registered them. */
  navigationSource: TitleBarNavigationSource | null = null;

  useNavigation(source: TitleBarNavigationSource): void {
    this.navigationSource = source;
  }

  setOwnerActivity(isOwnerActive: (owner: string) => boolean): void {
    this.isOwnerActive = isOwnerActive;
  }

  add(item: TitleBarItemDeclaration, owner: string): void {
    this.items.push({ ...item, owner });
    this.items.sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  }

  /** Entries of one placement to show to this viewer now; `t` translates the labels. */
  visible(
    context: TitleBarSettings,
    viewer: Viewer,
    t: (text: string) => string,
    placement: TitleBarPlacement = "menu",
  ): TitleBarItem[] {
    return this.items
      .filter(
        (item) =>
          (item.placement ?? "menu") === placement &&
          this.isOwnerActive(item.owner) &&
          (item.membersOnly === false || !viewer.isGuest) &&
          (!item.permission || viewer.has(item.permission)) &&
          (!item.settingKey || context.settings.peek<boolean>(item.settingKey) !== false),
      )
      .map((item) => ({
        key: item.key,
        label: t(item.label),
        href: item.href,
        component: item.component ?? null,
        panelComponent: item.panelComponent ?? null,
        countName: item.countName ?? null,
      }));
  }
}
