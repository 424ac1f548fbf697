import type { Theme } from "@forum/api/themes";
import { themeVariables } from "@library/src/theme/themeVariables";

/** A card's picture of a theme: its title bar, page and primary colours (the defaults where unset). */
export function ThemeSwatches({ theme }: { theme: Theme }) {
  const preview = theme.preview ?? {};
  const primary = preview.globalPrimary ?? themeVariables["--color-primary"];
  const background = preview.globalBg ?? themeVariables["--color-bg"];
  const foreground = preview.globalFg ?? themeVariables["--color-fg"];
  const titleBar = preview.titleBarBg ?? primary;
  return (
    <div className="themeSwatches" aria-hidden="true" style={{ background }}>
      <div className="themeSwatches-titleBar" style={{ background: titleBar }} />
      <div className="themeSwatches-line" style={{ background: foreground }} />
      <div className="themeSwatches-line themeSwatches-line--short" style={{ background: foreground }} />
      <div className="themeSwatches-button" style={{ background: primary }} />
    </div>
  );
}
