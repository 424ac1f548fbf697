import { themeVariables } from "@library/src/theme/themeVariables";
import type { PlatformContext } from "../app/platformContext";

/** The colours an HTML mail is written in: the site theme's, else the foundation's. */
export interface MailColors {
  primary: string;
  primaryContrast: string;
  background: string;
  page: string;
  text: string;
  muted: string;
  border: string;
  link: string;
}

type ThemeVariablesReader = () => Promise<Record<string, string>>;

const readers = new WeakMap<PlatformContext, ThemeVariablesReader>();

/** The application that owns themes says how to read the current theme's variables (one reader per app). */
export function provideMailThemeVariables(context: PlatformContext, read: ThemeVariablesReader): void {
  readers.set(context, read);
}

/** Only plain colour values reach a mail's inline styles (no `;`, quotes or brackets). */
const COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|(rgb|hsl)a?\([0-9.,%\s]+\))$/;

/** The current theme's colours for HTML mail; a missing or unreadable theme falls back to the foundation's. */
export async function mailColors(context: PlatformContext): Promise<MailColors> {
  let theme: Record<string, string> = {};
  try {
    theme = (await readers.get(context)?.()) ?? {};
  } catch (error) {
    context.log.warn({ err: error }, "The theme's colours could not be read for a mail.");
  }
  const pick = (name: keyof typeof themeVariables) => {
    const value = theme[name]?.trim();
    return value && COLOR.test(value) ? value : themeVariables[name];
  };
  return {
    primary: pick("--color-primary"),
    primaryContrast: pick("--color-primary-contrast"),
    background: pick("--color-bg"),
    page: pick("--color-bg-page"),
    text: pick("--color-fg"),
    muted: pick("--color-fg-muted"),
    border: pick("--color-border"),
    link: pick("--color-link"),
  };
}
