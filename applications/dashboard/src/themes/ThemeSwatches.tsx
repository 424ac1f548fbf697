import type { Theme } from "@forum/api/themes";
import { themeVariables } from "@library/src/theme/themeVariables";

/** A CSS `url()` for an address (quotes and backslashes escaped, so the address stays one value). */
function cssUrl(address: string): string {
  return `url("${address.replace(/["\\]/g, "\\$&")}")`;
}

/**
 * A card's picture of a theme (API.md 19 `preview`): the theme's own picture when it names one, else a small
 * page drawn in its colours: the title bar with its text, the page (with its background image), lines of text
 * and a primary button (the defaults where unset).
 */
export function ThemeSwatches({ theme }: { theme: Theme }) {
  const preview = theme.preview ?? {};
  if (preview.imageUrl)
    return (
      <div className="themeSwatches" aria-hidden="true">
        <img className="themeSwatches-image" src={preview.imageUrl} alt="" loading="lazy" />
      </div>
    );
  const primary = preview.globalPrimary ?? themeVariables["--color-primary"];
  const background = preview.globalBg ?? themeVariables["--color-bg"];
  const foreground = preview.globalFg ?? themeVariables["--color-fg"];
  const titleBar = preview.titleBarBg ?? primary;
  const titleBarText = preview.titleBarFg ?? themeVariables["--color-primary-contrast"];
  return (
    <div
      className="themeSwatches"
      aria-hidden="true"
      data-preset={preview.preset}
      style={{
        backgroundColor: background,
        ...(preview.backgroundImage ? { backgroundImage: cssUrl(preview.backgroundImage) } : {}),
      }}
    >
      <div className="themeSwatches-titleBar" style={{ background: titleBar }}>
        <div className="themeSwatches-titleBarText" style={{ background: titleBarText }} />
      </div>
      <div className="themeSwatches-line" style={{ background: foreground }} />
      <div className="themeSwatches-line themeSwatches-line--short" style={{ background: foreground }} />
      <div className="themeSwatches-button" style={{ background: primary }} />
    </div>
  );
}
