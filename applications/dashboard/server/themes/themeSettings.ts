import { Type } from "@sinclair/typebox";
import { defineSetting } from "@library/server/settings/settingsRegistry";

/**
 * The site's theme: a file theme's key or a stored theme's id as text (`"3"`); empty (a site that never chose)
 * is the foundation theme, the theme add-on that says it is one.
 */
export const CURRENT_THEME_SETTING = "ui.themeKey";

defineSetting({
  key: CURRENT_THEME_SETTING,
  schema: Type.String({ maxLength: 60 }),
  default: "",
  read: "public",
  write: "none",
});
