import { registerLazyComponent } from "@library/src/registry/componentRegistry";

/** What themes put on every page: the preview toast and the colour scheme choice (loaded by pages that have them). */
export function registerThemePageWidgets(): void {
  registerLazyComponent("ThemePreviewToast", () =>
    import("./ThemePreviewToast").then((module) => module.ThemePreviewToast),
  );
  registerLazyComponent("ColorSchemePicker", () =>
    import("./ColorSchemePicker").then((module) => module.ColorSchemePicker),
  );
}

/** The dashboard's Themes section and the page widgets. */
export function registerThemeWidgets(): void {
  registerLazyComponent("ThemesSection", () =>
    import("./ThemesSection").then((module) => module.ThemesSection),
  );
  registerThemePageWidgets();
}
