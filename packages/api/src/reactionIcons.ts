/**
 * Outline icons of the reaction types (24-unit grid, stroked): drawn by the client's reactions bar and served as
 * `photoUrl` images (`/reactions/icons/{urlcode}.svg`) for API clients.
 */
const PATHS: Record<string, string> = {
  like: "M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3zm0 0 4-8a3 3 0 0 1 3 3v4h5.3a2 2 0 0 1 2 2.3l-1.4 9a2 2 0 0 1-2 1.7H7",
  dislike:
    "M17 14V3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-3zm0 0-4 8a3 3 0 0 1-3-3v-4H4.7a2 2 0 0 1-2-2.3l1.4-9a2 2 0 0 1 2-1.7H17",
  agree: "M20 6 9 17l-5-5",
  disagree: "M18 6 6 18M6 6l12 12",
  insightful:
    "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.3.3.5.7.5 1.1V16h6v-1c0-.4.2-.8.5-1.1A6 6 0 0 0 12 3z",
  awesome: "m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9L12 3z",
  lol: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 14s1.5 2.5 4 2.5 4-2.5 4-2.5M9 9.5h.01M15 9.5h.01",
  up: "M12 19V5M5 12l7-7 7 7",
  down: "M12 5v14M19 12l-7 7-7-7",
  support:
    "M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8L12 21.2l8.8-8.8a5.5 5.5 0 0 0 0-7.8z",
  promote: "m22 7-8.5 8.5-5-5L2 17M16 7h6v6",
};

/** The smiling face the 'React' button shows, and the icon of any type without its own. */
const FALLBACK = "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 14s1.5 2 4 2 4-2 4-2M9 9.5h.01M15 9.5h.01";

/** The icon's path data for a type (case-insensitive), the smiling face for unknown ones. */
export function reactionIconPath(urlcode: string): string {
  return PATHS[urlcode.toLowerCase()] ?? FALLBACK;
}

/** A standalone SVG document of the icon, for `photoUrl`. */
export function reactionIconSvg(urlcode: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="#1d2430" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${reactionIconPath(urlcode)}"/></svg>`;
}
