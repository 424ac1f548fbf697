import type { AppContext } from "@library/server/app/appContext";
import { sanitizeHtml } from "@library/server/formats/sanitizeHtml";
import { html, raw, widget, type SafeHtml } from "@library/server/pages/html";
import { provideMailThemeVariables } from "@library/server/mail/mailTheme";
import { providePageThemeParts } from "@library/server/pages/pageThemeParts";
import { requestSiteSection } from "@library/server/http/siteSections";
import type { FastifyRequest } from "fastify";
import { readerColorScheme } from "./colorSchemes";
import { applied, currentTheme, type AppliedTheme } from "./currentTheme";
import { themeAssetUrl } from "./themeAssets";
import { getTheme } from "./themeQueries";
import { previewMeta, requestedPreview } from "./themePreview";

/** The theme a page shows: the one previewed by this site manager (if it still exists), else the site's. */
async function pageTheme(
  context: AppContext,
  request: FastifyRequest,
): Promise<{ shown: AppliedTheme; preview: SafeHtml }> {
  const choice = requestedPreview(request);
  const previewed = choice
    ? await getTheme(context, context.db, choice.themeID, choice.revisionID)
    : undefined;
  if (!previewed) {
    // A site section may have a theme of its own (SPEC 2); a theme that is gone leaves the site's.
    const sectionThemeKey = requestSiteSection(request)?.themeKey;
    const sectionTheme = sectionThemeKey ? await getTheme(context, context.db, sectionThemeKey) : undefined;
    return {
      shown: sectionTheme ? applied(context, sectionTheme) : await currentTheme(context),
      preview: html``,
    };
  }
  const meta = previewMeta(previewed, choice?.revisionID);
  return { shown: applied(context, previewed), preview: widget("div", "ThemePreviewToast", meta, html``) };
}

/** Why `version`: a new revision is a new address, so browsers never keep an old stylesheet. */
function assetTags(shown: AppliedTheme): SafeHtml {
  const theme = shown.theme;
  if (!theme) return html``;
  const revision = theme.revisionID ?? undefined;
  const versioned = (url: string) =>
    url.includes("?") ? url : `${url}?v=${encodeURIComponent(String(revision ?? theme.version))}`;
  return html`${
    theme.assets.styles
      ? html`<link rel="stylesheet" href="${versioned(themeAssetUrl(theme.themeID, "styles", revision))}" />`
      : ""
  }${
    theme.assets.javascript
      ? html`<script defer src="${versioned(themeAssetUrl(theme.themeID, "javascript", revision))}"></script>`
      : ""
  }`;
}

/**
 * Every page: the theme's variables (and the dark preset for members who choose dark) in a style block, its
 * stylesheet and script from the themes folder, its header and footer (sanitised), the reader's colour scheme
 * as a body class with the choice at the foot of the page, and, while a site manager previews, the preview toast.
 */
export function registerThemePageParts(context: AppContext): void {
  context.guestCache.varyByCookie("colorScheme");
  // HTML mail (digests) is written in the site theme's colours.
  provideMailThemeVariables(context, async () => (await currentTheme(context)).theme?.assets.variables ?? {});
  providePageThemeParts(context, async (request) => {
    const [{ shown, preview }, scheme] = await Promise.all([
      pageTheme(context, request),
      readerColorScheme(context, request),
    ]);
    // Variable names and values are checked when saved and again when written (no `<`, `{`, `}` or `;`).
    const css = [shown.css, shown.schemeCss].filter(Boolean).join("\n");
    const assets = shown.theme?.assets;
    return {
      head: html`${css ? html`<style id="themeVariables">${raw(css)}</style>` : ""}${assetTags(shown)}`,
      header: assets?.header
        ? html`<div class="themeHeader">${raw(sanitizeHtml(assets.header))}</div>`
        : html``,
      footer: assets?.footer
        ? html`<footer class="themeFooter">${raw(sanitizeHtml(assets.footer))}</footer>`
        : html``,
      bodyEnd: html`<div class="colorSchemeBar">
          ${widget("div", "ColorSchemePicker", { colorScheme: scheme }, html``)}
        </div>
        ${preview}`,
      bodyClass: `colorScheme-${scheme}`,
    };
  });
}
