import type { ThemePreviewCard } from "@forum/api/themes";
import type { ResolvedTheme } from "./themeQueries";

/** The variable each colour of a card's preview reads (API.md 19 `preview`). */
const PREVIEW_COLORS = {
  globalPrimary: "--color-primary",
  globalBg: "--color-bg",
  globalFg: "--color-fg",
  titleBarBg: "--title-bar-bg",
  titleBarFg: "--title-bar-fg",
} as const;

/** A variable may name an image as `url("…")` or as the bare address; the card wants the address. */
function imageAddress(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text || text === "none") return undefined;
  const wrapped = /^url\(\s*(["']?)(.*)\1\s*\)$/.exec(text);
  return wrapped ? wrapped[2] : text;
}

/**
 * A theme card's preview from the theme's variables: its colours, its page background image
 * (`--background-image`), a picture of it (`--preview-image`), and when it was made and from which template.
 */
export function previewCard(theme: ResolvedTheme): ThemePreviewCard {
  const variables = theme.assets.variables ?? {};
  const card: ThemePreviewCard = { preset: theme.preset };
  for (const [field, variable] of Object.entries(PREVIEW_COLORS) as Array<
    [keyof typeof PREVIEW_COLORS, string]
  >) {
    const value = variables[variable];
    if (value) card[field] = value;
  }
  const backgroundImage = imageAddress(variables["--background-image"]);
  if (backgroundImage) card.backgroundImage = backgroundImage;
  const imageUrl = imageAddress(variables["--preview-image"]);
  if (imageUrl) card.imageUrl = imageUrl;
  const info: NonNullable<ThemePreviewCard["info"]> = {};
  if (theme.dateInserted) info.Created = { type: "date", value: theme.dateInserted };
  if (theme.templateName) info.Template = { type: "string", value: theme.templateName };
  if (Object.keys(info).length > 0) card.info = info;
  return card;
}
