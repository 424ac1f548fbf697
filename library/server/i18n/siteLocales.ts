import type { AppContext } from "../app/appContext";

function normalized(locale: string): string {
  return locale.trim().toLowerCase().replace(/-/g, "_");
}

/**
 * Whether the site serves content in a locale (API.md 11: a collection's content is asked for in an enabled
 * locale): its own, `garden.locale`, or that locale's language alone (`fr` on an `fr_CA` site). Case and `-`
 * or `_` do not matter.
 */
export async function isEnabledLocale(context: AppContext, locale: string): Promise<boolean> {
  const site = normalized(await context.settings.get<string>("garden.locale"));
  const wanted = normalized(locale);
  return wanted === site || wanted === site.split("_")[0];
}
