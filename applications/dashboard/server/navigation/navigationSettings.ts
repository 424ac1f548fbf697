import { NavigationItemListSchema, TitleBarConfigSchema } from "@forum/api/navigation";
import { DEFAULT_TITLE_BAR_CONFIG } from "@forum/api/titleBarDefaults";
import { defineSetting } from "@library/server/settings/settingsRegistry";
import { Type } from "@sinclair/typebox";

/** Custom navigation items per locale (`{ "en": [...], "fr": [...] }`); a locale without any shows the built-ins. */
export const NAVIGATION_ITEMS_SETTING = "navigation.items";
export const TITLE_BAR_CONFIG_SETTING = "titleBar.config";

defineSetting({
  key: NAVIGATION_ITEMS_SETTING,
  schema: Type.Record(Type.String({ minLength: 2, maxLength: 20 }), NavigationItemListSchema),
  default: {},
  // Items carry role ids and permissions: the title bar reads them filtered through GET /navigation.
  read: "site.manage",
  write: "site.manage",
});

defineSetting({
  key: TITLE_BAR_CONFIG_SETTING,
  schema: TitleBarConfigSchema,
  default: DEFAULT_TITLE_BAR_CONFIG,
  read: "public",
  write: "site.manage",
});

// SPEC 3 "site settings read": where Sign In, Register and Sign Out go (an outside sign-in service may own them).
defineSetting({
  key: "signInUrl",
  schema: Type.String({ minLength: 1, maxLength: 500 }),
  default: "/entry/signin",
  read: "public",
  write: "site.manage",
});
defineSetting({
  key: "registrationUrl",
  schema: Type.String({ maxLength: 500 }),
  default: "/entry/register",
  read: "public",
  write: "site.manage",
  // Invitation-only sites offer no registration: the title bar shows no Register.
  derive: (value, peek) => (peek("registration.method") === "invitation" ? "" : value),
});
defineSetting({
  key: "signOutUrl",
  schema: Type.String({ minLength: 1, maxLength: 500 }),
  default: "/entry/signout",
  read: "public",
  write: "site.manage",
});
