import type { AppContext } from "@library/server/app/appContext";
import { fileThemes } from "@library/server/themes/fileThemes";
import { darkSchemeCss, lightSchemeCss, themeVariablesCss } from "./themeCss";
import { getTheme, type ResolvedTheme } from "./themeQueries";
import { CURRENT_THEME_SETTING } from "./themeSettings";
import { perContext } from "@library/server/app/perContext";
import { KeptRead } from "@library/server/cache/keptRead";

/** The site's theme as every page applies it: the theme, its variables as CSS, and the dark preset's CSS. */
export interface AppliedTheme {
  theme: ResolvedTheme | undefined;
  css: string;
  /**
   * The other scheme: for a light theme, the dark preset for readers who choose dark (or whose device is dark,
   * on "system"); for a dark theme, the foundation's light values for readers who choose light.
   */
  schemeCss: string;
}

async function loadApplied(context: AppContext): Promise<AppliedTheme> {
  const key = await context.settings.get<string>(CURRENT_THEME_SETTING);
  // A theme deleted or an add-on disabled since it was applied: the foundation theme.
  const foundation = fileThemes(context).foundation();
  const theme =
    (key ? await getTheme(context, context.db, key) : undefined) ??
    (foundation ? await getTheme(context, context.db, foundation.key) : undefined);
  return applied(context, theme);
}

/** The CSS of a theme (the current one or one previewed). */
export function applied(context: AppContext, theme: ResolvedTheme | undefined): AppliedTheme {
  const dark = fileThemes(context).darkPreset();
  return {
    theme,
    css: themeVariablesCss(theme?.assets.variables ?? {}),
    schemeCss:
      theme?.preset === "dark"
        ? lightSchemeCss(theme.assets.variables ?? {})
        : dark
          ? darkSchemeCss(dark.variables)
          : "",
  };
}

/**
 * The current theme is read by every page: kept in memory and retired through the cache layer by any write
 * naming `themes` (theme edits, apply), `settings` or `addons` (a theme add-on switched off), here or in
 * another process.
 */
const cacheOf = perContext(
  (context: AppContext) =>
    new KeptRead(context.caches, { name: "current theme", dependsOn: ["themes", "settings", "addons"] }, () =>
      loadApplied(context),
    ),
);

export function currentTheme(context: AppContext): Promise<AppliedTheme> {
  return cacheOf(context).get();
}

/** The current theme and whether it came from memory (`X-App-Cache-Hit`). */
export async function currentThemeWithHit(
  context: AppContext,
): Promise<{ applied: AppliedTheme; hit: boolean }> {
  const cache = cacheOf(context);
  const hit = cache.holds;
  return { applied: await cache.get(), hit };
}
