import { themePartDefaults, themeVariables as foundationVariables } from "@library/src/theme/themeVariables";

/**
 * A theme's variables as CSS: custom properties on `:root` (every page's styles read them), plus the rules the
 * title bar, banner and button variables need (their parts otherwise follow the primary colour).
 */
const PART_RULES: Record<string, string> = {
  "--title-bar-bg": ".titleBar{background:var(--title-bar-bg);background-image:none}",
  "--title-bar-fg": ".titleBar{color:var(--title-bar-fg)}",
  "--banner-bg": ".heroBanner{background:var(--banner-bg)}",
  "--banner-fg": ".heroBanner{color:var(--banner-fg)}",
  "--button-primary-bg":
    ".button--primary,.button--primary:hover:not(:disabled){background:var(--button-primary-bg);border-color:var(--button-primary-bg)}",
  "--button-primary-fg":
    ".button--primary,.button--primary:hover:not(:disabled){color:var(--button-primary-fg)}",
};

const NAME = /^--[a-z0-9-]{1,60}$/;
const VALUE = /^[^;{}<>]*$/;

/** Only names and values that cannot leave the declaration they are written in. */
function safeEntries(variables: Record<string, string>): [string, string][] {
  return Object.entries(variables).filter(
    ([name, value]) => NAME.test(name) && VALUE.test(value) && value.trim() !== "",
  );
}

export function themeVariablesCss(variables: Record<string, string>, selector = ":root"): string {
  const entries = safeEntries(variables);
  if (entries.length === 0) return "";
  const declarations = entries.map(([name, value]) => `${name}:${value.trim()}`).join(";");
  const rules = entries.map(([name]) => PART_RULES[name]).filter((rule): rule is string => !!rule);
  return [`${selector}{${declarations}}`, ...rules].join("\n");
}

/**
 * The dark preset for readers who chose it: on `body.colorScheme-dark`, and on `body.colorScheme-system` when
 * the device prefers dark (so a reader without a choice follows the device).
 */
export function darkSchemeCss(variables: Record<string, string>): string {
  const scoped = (selector: string) =>
    themeVariablesCss(variables, selector).replace(/(^|\n)\./g, `$1${selector} .`) +
    `\n${selector}{color-scheme:dark}`;
  if (safeEntries(variables).length === 0) return "";
  return `${scoped("body.colorScheme-dark")}\n@media (prefers-color-scheme: dark){${scoped("body.colorScheme-system")}}`;
}

/**
 * For a dark site theme, the light choice: the foundation's values of every variable the theme sets (readers
 * on "system" keep the site's dark theme).
 */
export function lightSchemeCss(themeVariables: Record<string, string>): string {
  const defaults: Record<string, string> = { ...foundationVariables, ...themePartDefaults };
  const reset = Object.fromEntries(
    Object.keys(themeVariables)
      .filter((name) => defaults[name] !== undefined)
      .map((name) => [name, defaults[name] ?? ""]),
  );
  const css = themeVariablesCss(reset, "body.colorScheme-light");
  return css ? `${css}\nbody.colorScheme-light{color-scheme:light}` : "";
}
