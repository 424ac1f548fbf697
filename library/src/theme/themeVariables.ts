/**
 * Theme variables (SPEC 9 defaults: blue primary, light preset, Open Sans) as CSS custom properties.
 * global.css declares the same defaults on :root so pages render before any script; a theme overrides them
 * with applyThemeVariables().
 */
export const themeVariables = {
  "--color-primary": "#0866c2",
  "--color-primary-dark": "#064f97",
  "--color-primary-light": "#dbeafc",
  "--color-primary-contrast": "#ffffff",
  "--color-bg": "#ffffff",
  "--color-bg-page": "#f5f7fa",
  "--color-fg": "#1d2430",
  "--color-fg-muted": "#5b6576",
  "--color-border": "#d6dbe3",
  "--color-hover": "#eef2f7",
  "--color-link": "#0866c2",
  "--color-danger": "#c62a2a",
  "--color-success": "#1e8a4c",
  "--color-focus": "#2f8cf0",
  "--font-family": '"Open Sans", system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  "--font-size-large": "16px",
  "--font-size-medium": "14px",
  "--font-size-small": "12px",
  "--font-size-extra-small": "10px",
  "--font-size-title": "24px",
  "--font-size-large-title": "32px",
  "--font-size-subtitle": "18px",
  "--input-height": "36px",
  "--input-height-large": "48px",
  "--input-height-giant": "82px",
  "--button-height": "36px",
  "--button-height-medium": "32px",
  "--button-height-compact": "24px",
  "--button-min-width": "104px",
  "--border-radius": "6px",
  "--border-radius-button": "6px",
  "--avatar-xsmall": "24px",
  "--avatar-small": "28px",
  "--avatar-medium": "40px",
  "--avatar-large": "100px",
  "--avatar-xlarge": "145px",
  "--icon-large": "32px",
  "--icon-default": "24px",
  "--icon-small": "16px",
  "--z-index-title-bar": "1050",
  "--z-index-overlay": "1060",
  "--title-bar-height": "48px",
  "--title-bar-height-with-label": "64px",
  "--title-bar-height-mobile": "44px",
  "--title-bar-logo-max-width": "200px",
  "--gutter": "40px",
  "--panel-width": "292px",
  "--middle-column-width": "672px",
  "--narrow-content-width": "900px",
  "--container-width": "1336px",
  "--modal-xl": "1022px",
  "--modal-xxl": "1320px",
  "--modal-large": "720px",
  "--modal-medium": "516px",
  "--modal-small": "375px",
  "--modal-side-panel": "400px",
  "--dropdown-width": "250px",
  "--dropdown-width-medium": "300px",
  "--toast-width": "280px",
  "--toast-width-wide": "380px",
  "--toast-max-height": "120px",
  "--tooltip-min-width": "150px",
  "--tooltip-max-width": "320px",
  "--tooltip-nub": "12px",
  "--count-badge-size": "18px",
  "--spinner-speed": "0.7s",
  "--transition": "0.1s ease-out",
  "--shadow-card": "0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)",
  "--shadow-dropdown": "0 8px 24px rgba(16, 24, 40, 0.14), 0 2px 6px rgba(16, 24, 40, 0.08)",
  "--shadow-modal": "0 24px 48px rgba(16, 24, 40, 0.22)",
} as const;

export type ThemeVariable = keyof typeof themeVariables;

/** Set theme overrides (e.g. from a theme's variables) on an element, :root by default. */
export function applyThemeVariables(
  overrides: Partial<Record<ThemeVariable, string>>,
  element: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(overrides)) {
    if (value !== undefined) element.style.setProperty(name, value);
  }
}

/**
 * The theme editor's part variables (title bar, banner, primary buttons). Pages do not declare them: unset, each
 * part follows the primary colour; a theme that sets one also gets the rule that applies it.
 */
export const themePartDefaults = {
  "--title-bar-bg": themeVariables["--color-primary"],
  "--title-bar-fg": themeVariables["--color-primary-contrast"],
  "--banner-bg": themeVariables["--color-primary"],
  "--banner-fg": themeVariables["--color-primary-contrast"],
  "--button-primary-bg": themeVariables["--color-primary"],
  "--button-primary-fg": themeVariables["--color-primary-contrast"],
} as const;

export type ThemePartVariable = keyof typeof themePartDefaults;
