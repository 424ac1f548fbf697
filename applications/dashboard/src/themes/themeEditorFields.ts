import { themePartDefaults, themeVariables } from "@library/src/theme/themeVariables";

export type ThemeFieldKind = "color" | "font" | "size";

export interface ThemeField {
  variable: string;
  /** Label text, translated where shown. */
  label: string;
  kind: ThemeFieldKind;
  /** The value a page has when the theme leaves the variable unset. */
  fallback: string;
}

export interface ThemeFieldGroup {
  key: string;
  label: string;
  fields: ThemeField[];
}

const defaults: Record<string, string> = { ...themeVariables, ...themePartDefaults };

function field(variable: string, label: string, kind: ThemeFieldKind): ThemeField {
  return { variable, label, kind, fallback: defaults[variable] ?? "" };
}

/** The theme editor's fields, by group (SPEC 9 defaults as each field's fallback). */
export const THEME_FIELD_GROUPS: ThemeFieldGroup[] = [
  {
    key: "colors",
    label: "Colors",
    fields: [
      field("--color-primary", "Primary color", "color"),
      field("--color-primary-contrast", "Text on primary", "color"),
      field("--color-bg", "Background", "color"),
      field("--color-bg-page", "Page background", "color"),
      field("--color-fg", "Text", "color"),
      field("--color-fg-muted", "Secondary text", "color"),
      field("--color-link", "Links", "color"),
      field("--color-border", "Borders", "color"),
    ],
  },
  {
    key: "fonts",
    label: "Fonts",
    fields: [
      field("--font-family", "Font family", "font"),
      field("--font-size-medium", "Body text size", "size"),
      field("--font-size-large", "Large text size", "size"),
      field("--font-size-title", "Title size", "size"),
    ],
  },
  {
    key: "sizes",
    label: "Sizes",
    fields: [
      field("--border-radius", "Corner radius", "size"),
      field("--input-height", "Input height", "size"),
      field("--middle-column-width", "Content width", "size"),
    ],
  },
  {
    key: "titleBar",
    label: "Title Bar",
    fields: [
      field("--title-bar-bg", "Title bar background", "color"),
      field("--title-bar-fg", "Title bar text", "color"),
    ],
  },
  {
    key: "banner",
    label: "Banner",
    fields: [
      field("--banner-bg", "Banner background", "color"),
      field("--banner-fg", "Banner text", "color"),
    ],
  },
  {
    key: "buttons",
    label: "Buttons",
    fields: [
      field("--button-primary-bg", "Primary button background", "color"),
      field("--button-primary-fg", "Primary button text", "color"),
      field("--border-radius-button", "Button corner radius", "size"),
      field("--button-min-width", "Button minimum width", "size"),
    ],
  },
];

/** A `#rgb`/`#rrggbb` value for the colour input (anything else shows the fallback's colour). */
export function hexColor(value: string, fallback: string): string {
  const candidate = value.trim() || fallback;
  if (/^#[0-9a-f]{6}$/i.test(candidate)) return candidate.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(candidate);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(fallback) ? fallback : "#000000";
}
