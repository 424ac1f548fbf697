import { Type } from "@sinclair/typebox";
import { defineSetting } from "@library/server/settings/settingsRegistry";

/** The site's theme: a file theme's key (`theme-dark`) or a stored theme's id as text (`"3"`). */
export const CURRENT_THEME_SETTING = "ui.themeKey";
/** The theme a site that never chose runs: the foundation (light) theme add-on. */
export const FOUNDATION_THEME = "theme-light";
/** The dark preset members who choose dark (or whose device is dark, on "system") see. */
export const DARK_THEME = "theme-dark";

defineSetting({
  key: CURRENT_THEME_SETTING,
  schema: Type.String({ minLength: 1, maxLength: 60 }),
  default: FOUNDATION_THEME,
  read: "public",
  write: "none",
});
