import type { AppContext } from "@library/server/app/appContext";
import { fileThemes } from "@library/server/themes/fileThemes";
import { darkSchemeCss, themeVariablesCss } from "./themeCss";
import { getTheme, type ResolvedTheme } from "./themeQueries";
import { CURRENT_THEME_SETTING, DARK_THEME, FOUNDATION_THEME } from "./themeSettings";

/** The site's theme as every page applies it: the theme, its variables as CSS, and the dark preset's CSS. */
export interface AppliedTheme {
  theme: ResolvedTheme | undefined;
  css: string;
  /** The dark preset for members who choose dark (empty when the current theme is dark itself). */
  darkCss: string;
}

async function loadApplied(context: AppContext): Promise<AppliedTheme> {
  const key = await context.settings.get<string>(CURRENT_THEME_SETTING);
  // A theme deleted or an add-on disabled since it was applied: the foundation theme.
  const theme =
    (await getTheme(context, context.db, key)) ?? (await getTheme(context, context.db, FOUNDATION_THEME));
  return applied(context, theme);
}

/** The CSS of a theme (the current one or one previewed). */
export function applied(context: AppContext, theme: ResolvedTheme | undefined): AppliedTheme {
  const dark = fileThemes(context).get(DARK_THEME);
  return {
    theme,
    css: themeVariablesCss(theme?.assets.variables ?? {}),
    darkCss: dark && theme?.preset !== "dark" ? darkSchemeCss(dark.variables) : "",
  };
}

/**
 * The current theme is read by every page: kept in memory and retired through the cache layer by any write
 * naming `themes` (theme edits, apply), `settings` or `addons` (a theme add-on switched off), here or in
 * another process.
 */
class CurrentThemeCache {
  private pending: Promise<AppliedTheme> | null = null;

  constructor(private readonly context: AppContext) {
    context.caches.define({
      name: "current theme",
      dependsOn: ["themes", "settings", "addons"],
      retire: () => {
        this.pending = null;
      },
    });
  }

  get(): Promise<AppliedTheme> {
    const cached = this.pending;
    if (cached) return cached;
    const loading = loadApplied(this.context);
    this.pending = loading;
    loading.catch(() => {
      if (this.pending === loading) this.pending = null;
    });
    return loading;
  }
}

const caches = new WeakMap<AppContext, CurrentThemeCache>();

export function currentTheme(context: AppContext): Promise<AppliedTheme> {
  let cache = caches.get(context);
  if (!cache) {
    cache = new CurrentThemeCache(context);
    caches.set(context, cache);
  }
  return cache.get();
}
