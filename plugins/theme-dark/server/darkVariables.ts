/**
 * The dark preset's colours. Text on every background keeps a contrast of at least 4.5:1 (WCAG AA): the
 * primary blue is light enough for links on the dark page, and buttons write dark text on it.
 */
export const DARK_VARIABLES: Record<string, string> = {
  "--color-primary": "#6cb4ff",
  "--color-primary-dark": "#a6d1ff",
  "--color-primary-light": "#1d3550",
  "--color-primary-contrast": "#0b1320",
  "--color-bg": "#161b22",
  "--color-bg-page": "#0d1117",
  "--color-fg": "#e6edf3",
  "--color-fg-muted": "#a3adba",
  "--color-border": "#3a4350",
  "--color-hover": "#222a35",
  "--color-link": "#6cb4ff",
  "--color-danger": "#ff8080",
  "--color-success": "#5fd08c",
  "--color-focus": "#8cc4ff",
  "--title-bar-bg": "#010409",
  "--title-bar-fg": "#e6edf3",
};
