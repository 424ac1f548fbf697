/**
 * Where a contributed entry shows: among a member's menus, as the bar's search button, or as a picker every
 * reader sees (guests too) before the account actions (a site section picker).
 */
export type TitleBarPlacement = "menu" | "searchBox" | "picker";

/**
 * A title-bar entry contributed by an application or add-on, as the server writes it into the TitleBar widget's
 * props (already filtered for the viewer and translated). The core title bar names no add-on.
 */
export interface TitleBarItem {
  key: string;
  label: string;
  href: string;
  /** Registered component for the wide layout (e.g. a dropdown); without it the entry is a link. */
  component: string | null;
  /** Registered component for the entry's tab in the compact 'My Account' panel. */
  panelComponent: string | null;
  /** The me-counter (by its declared name) shown as the entry's badge, its tab's count and in the compact dot. */
  countName: string | null;
}
