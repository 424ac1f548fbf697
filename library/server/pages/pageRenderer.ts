import type { FastifyReply, FastifyRequest } from "fastify";
import type { PlatformContext } from "../app/platformContext";
import { siteOrigin } from "../http/pagination";
import { localeAttributes } from "../i18n/localeAttributes";
import { localePickerFooter } from "../i18n/localePickerHtml";
import { translationsRevision, translatorFor, type Translate } from "../i18n/translate";
import { readAssetManifest, type AssetManifest, type EntryName } from "./assets";
import { escapeHtml, html, jsonForScript, jsonStringInProps, raw, type SafeHtml } from "./html";
import {
  fillFrame,
  frameBytesAround,
  frameOf,
  holeToken,
  type FrameHole,
  type FrameValues,
  type PageFrame,
} from "./pageFrame";
import { chromelessPages } from "./chromelessPages";
import { buildPageBootstrap, pageBootstrapJson } from "./pageBootstrap";
import { pageThemeParts } from "./pageThemeParts";
import { renderTitleBar, titleBarAccount, type TitleBarProps } from "./titleBar";
import { defaultNavigationSource } from "./titleBarNavigation";
import {
  requestSiteSection,
  sectionBase,
  sectionLink,
  withSectionLinks,
  type RequestSiteSection,
} from "../http/siteSections";
import type { NavigationItem } from "@forum/api/navigation";

/** A site section's own main navigation (SPEC 2), when it has one. */
function sectionNavigation(request: FastifyRequest): NavigationItem[] | null {
  const items = requestSiteSection(request)?.navigation ?? [];
  return items.length > 0
    ? items.map((item, index) => ({ id: `section-${index}`, name: item.name, url: item.url }))
    : null;
}

/** SPEC 3 "site settings read" `siteSection`: the section a page belongs to, for its client (search, layouts). */
function siteSectionSetting(section: RequestSiteSection, base: string) {
  return {
    siteSectionID: section.siteSectionID,
    name: section.name,
    basePath: base,
    contentLocale: section.locale,
    rootCategoryID: section.rootCategoryID,
  };
}

/**
 * The readable settings with a section's `siteSection`: one object per settings object and section, so the
 * bootstrap's JSON is written once for it as for the site's pages (`pageBootstrapJson` compares the object).
 */
const configsBySection = new WeakMap<object, Map<string, Record<string, unknown>>>();

function configInSection(
  config: Record<string, unknown>,
  section: RequestSiteSection,
  base: string,
): Record<string, unknown> {
  let bySection = configsBySection.get(config);
  if (!bySection) {
    bySection = new Map();
    configsBySection.set(config, bySection);
  }
  const setting = siteSectionSetting(section, base);
  const key = JSON.stringify(setting);
  let value = bySection.get(key);
  if (!value) {
    value = { ...config, siteSection: setting };
    bySection.set(key, value);
  }
  return value;
}

export interface PageOptions {
  /** The page's own title; the document title adds the site title. */
  title: string;
  body: SafeHtml;
  description?: string;
  /** Path of the canonical URL (absolute URL is built from the site origin). */
  canonicalPath?: string;
  status?: number;
  entry?: EntryName;
  bodyClass?: string;
  /** Hide from search engines (sign-in pages, errors). */
  noIndex?: boolean;
  /** The first layout of a single-page route, printed so the client does not fetch it again (API.md 17). */
  initialLayout?: unknown;
}

/** Kinds of page frames kept (readers' roles × languages × sections × themes × page kinds). */
const MAX_FRAMES = 200;

const NO_ASSETS = { js: [], css: [] };

/** A number per object, for keys made of objects that stay the same while they hold (settings, the manifest). */
const identities = new WeakMap<object, number>();
let lastIdentity = 0;

function identityOf(value: object): number {
  let identity = identities.get(value);
  if (identity === undefined) {
    lastIdentity += 1;
    identity = lastIdentity;
    identities.set(value, identity);
  }
  return identity;
}

/** The title bar's text but the address asked for (a hole) and the account actions (a hole). */
function titleBarKey(props: TitleBarProps): string {
  return JSON.stringify({ ...props, currentUrl: "" });
}

/** The site's favicon: the one the administrator uploaded, else the product's own. */
export const DEFAULT_FAVICON_URL = "/static/favicon.svg";

function faviconUrl(config: Record<string, unknown>): string {
  return stringSetting(config, "branding.favicon") || DEFAULT_FAVICON_URL;
}

function stringSetting(config: Record<string, unknown>, key: string): string {
  const value = config[key];
  return typeof value === "string" ? value : "";
}

/** Renders complete server-side pages: head, title bar, content, the page bootstrap and the client bundle. */
export class PageRenderer {
  private manifest: AssetManifest;
  /** Page frames by everything their text is made of, the least recently used first. */
  private readonly frames = new Map<string, PageFrame>();

  constructor(private readonly context: PlatformContext) {
    this.manifest = readAssetManifest(context.config.distDir);
  }

  /** `t()` for the site's language. */
  translator(): Translate {
    return translatorFor(this.context.settings.peek<string>("garden.locale"));
  }

  /** Re-reads the manifest (after a build while the server runs). */
  reloadAssets(): void {
    this.manifest = readAssetManifest(this.context.config.distDir);
  }

  async render(request: FastifyRequest, options: PageOptions): Promise<string> {
    const { frame, values } = await this.pageFrame(request, options);
    return fillFrame(frame, Object.assign({}, values, { body: options.body.value }));
  }

  /**
   * The page around a body given later, as UTF-8 pieces: the HTML before and after it (the head, title bar and
   * bootstrap of this request), for a body put together from pieces rendered for many viewers.
   */
  async renderAround(
    request: FastifyRequest,
    options: Omit<PageOptions, "body">,
  ): Promise<{ before: Buffer[]; after: Buffer[] }> {
    const { frame, values } = await this.pageFrame(request, options);
    return frameBytesAround(frame, values);
  }

  /** The kept frame of this request's kind of page, and the values of its holes for this page and reader. */
  private async pageFrame(
    request: FastifyRequest,
    options: Omit<PageOptions, "body">,
  ): Promise<{ frame: PageFrame; values: Omit<FrameValues, "body"> }> {
    const inputs = await this.documentInputs(request, options);
    const { bootstrap, titleBar, chromeless, t } = inputs;
    const values = {
      documentTitle: escapeHtml(inputs.documentTitle),
      descriptionTag: options.description
        ? html`<meta name="description" content="${options.description}" />`.value
        : "",
      canonicalTag: options.canonicalPath
        ? html`<link rel="canonical" href="${inputs.origin}${sectionLink(inputs.base, options.canonicalPath)}" />`
            .value
        : "",
      currentUrl: jsonStringInProps(titleBar.currentUrl),
      account: chromeless ? "" : titleBarAccount(titleBar, bootstrap.currentUser, t).value,
      bootstrap: pageBootstrapJson(bootstrap, jsonForScript),
      initialLayout:
        options.initialLayout === undefined
          ? ""
          : html`<script type="application/json" id="initial-layout">${raw(jsonForScript(options.initialLayout))}</script>`
              .value,
    };
    // Everything the frame's text is made of, but the holes' values: the same key, the same text.
    const key = [
      chromeless ? "chromeless" : "",
      bootstrap.locale,
      t.locale ?? "",
      translationsRevision(t.locale ?? bootstrap.locale),
      options.entry ?? "legacy",
      options.noIndex ? "noindex" : "",
      options.bodyClass ?? "",
      identityOf(bootstrap.config),
      identityOf(inputs.assets),
      inputs.localeAttributes,
      inputs.localePicker,
      inputs.theme.head.value,
      inputs.theme.header.value,
      inputs.theme.footer.value,
      inputs.theme.bodyEnd.value,
      inputs.theme.bodyClass,
      chromeless ? "" : titleBarKey(titleBar),
    ].join("\u0001");
    let frame = this.frames.get(key);
    if (frame) {
      // Now the most recently used.
      this.frames.delete(key);
    } else {
      frame = frameOf(this.document(options, inputs));
      if (this.frames.size >= MAX_FRAMES) {
        const oldest = this.frames.keys().next().value;
        if (oldest !== undefined) this.frames.delete(oldest);
      }
    }
    this.frames.set(key, frame);
    return { frame, values };
  }

  /** What a page's document is made of for this request, read from the settings, the theme and the reader. */
  private async documentInputs(request: FastifyRequest, options: Omit<PageOptions, "body">) {
    const viewer = request.viewer;
    // The reader's language (set for every request but static files, which render no page).
    const t = request.t ?? this.translator();
    const origin = siteOrigin(request, this.context.config.siteUrl);
    const section = requestSiteSection(request);
    // A section's pages link inside it (`/fr/…`) and its client runs under its folder (SPEC 2).
    const base = sectionBase(section);
    const siteBootstrap = await buildPageBootstrap(
      this.context,
      viewer,
      origin,
      this.context.addons.activeKeys(),
    );
    // Object.assign, not a leading spread with new fields (here for every page): docs/performance.md.
    const bootstrap = Object.assign(
      {},
      siteBootstrap,
      { locale: request.locale },
      section && {
        basePath: `${siteBootstrap.basePath}${base}`,
        config: configInSection(siteBootstrap.config, section, base),
      },
    );
    const siteTitle = stringSetting(bootstrap.config, "garden.title");
    const theme = await pageThemeParts(this.context, request);
    const navigationSource =
      this.context.titleBarItems.navigationSource ?? defaultNavigationSource(this.context.settings);
    const titleBarConfig = navigationSource.config();
    const titleBarLinks = withSectionLinks(
      {
        siteTitle,
        logoUrl: titleBarConfig.logo.imageUrl || stringSetting(bootstrap.config, "branding.logo"),
        mobileLogoUrl:
          titleBarConfig.logo.imageUrlMobile || stringSetting(bootstrap.config, "branding.mobileLogo"),
        // The address asked for (a site section's `/fr/…` is routed without its folder).
        currentUrl: request.originalUrl,
        items: this.context.titleBarItems.visible(this.context, viewer, t),
        search: this.context.titleBarItems.visible(this.context, viewer, t, "searchBox")[0] ?? null,
        navigation:
          sectionNavigation(request) ?? (await navigationSource.navigation(viewer, bootstrap.locale, t)),
        config: titleBarConfig,
        signInUrl: stringSetting(bootstrap.config, "signInUrl") || "/entry/signin",
        // Empty (an invitation-only site) hides Register; a site without the setting keeps the built-in page.
        registrationUrl:
          typeof bootstrap.config["registrationUrl"] === "string"
            ? bootstrap.config["registrationUrl"]
            : "/entry/register",
      },
      base,
    );
    // The picker's entries lead out of the section: their addresses are the site's.
    const titleBar: TitleBarProps = Object.assign({}, titleBarLinks, {
      pickers: this.context.titleBarItems.visible(this.context, viewer, t, "picker"),
    });
    return {
      t,
      origin,
      base,
      bootstrap,
      theme,
      titleBar,
      documentTitle:
        options.title && options.title !== siteTitle ? `${options.title} - ${siteTitle}` : siteTitle,
      assets: this.manifest[options.entry ?? "legacy"] ?? NO_ASSETS,
      // Inside another site's frame (an add-on's rule): the content only, no title bar, theme header or footer.
      chromeless: chromelessPages(this.context).applies(request),
      localeAttributes: localeAttributes(this.context, bootstrap.locale).value,
      localePicker: localePickerFooter(this.context, bootstrap.locale, t).value,
    };
  }

  /** The document with a token in each hole (frameOf cuts it there). */
  private document(
    options: Omit<PageOptions, "body">,
    inputs: Awaited<ReturnType<PageRenderer["documentInputs"]>>,
  ): string {
    const { bootstrap, theme, chromeless, t, assets } = inputs;
    const hole = (name: FrameHole) => raw(holeToken(name));
    const titleBar = renderTitleBar(
      { ...inputs.titleBar, currentUrl: holeToken("currentUrl") },
      bootstrap.currentUser,
      t,
      hole("account"),
    );
    const bodyClass = [options.bodyClass ?? "", theme.bodyClass, chromeless ? "isChromeless" : ""];
    const document = html`<!DOCTYPE html>
      <html ${raw(inputs.localeAttributes)}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <link rel="icon" href="${faviconUrl(bootstrap.config)}" />
          <title>${hole("documentTitle")}</title>
          ${hole("descriptionTag")}
          ${hole("canonicalTag")}
          ${options.noIndex ? html`<meta name="robots" content="noindex" />` : ""}
          ${assets.css.map((href) => html`<link rel="stylesheet" href="${href}" />`)}
          ${assets.js.map((src) => html`<script defer src="${src}"></script>`)}
          ${theme.head}
        </head>
        <body class="${bodyClass.filter(Boolean).join(" ")}">
          <a class="skipToContent" href="#content">${t("Skip to content")}</a>
          <div id="page" class="page">
            ${chromeless ? "" : titleBar}
            ${chromeless ? "" : theme.header}
            <main id="content" class="page-content" tabindex="-1">${hole("body")}</main>
            ${chromeless ? "" : theme.footer}
            ${chromeless ? "" : raw(inputs.localePicker)}
          </div>
          <div id="modals"></div>
          ${theme.bodyEnd}
          <script type="application/json" id="app-bootstrap">${hole("bootstrap")}</script>
          ${hole("initialLayout")}
        </body>
      </html>`;
    return document.value;
  }

  /** Sends a page already rendered (private to the viewer unless a guest's). */
  sendRendered(
    request: FastifyRequest,
    reply: FastifyReply,
    page: string | Buffer,
    headers: Record<string, string> = {},
  ): FastifyReply {
    return reply
      .status(200)
      .headers(headers)
      .header("Cache-Control", request.viewer.isGuest ? "no-cache" : "private, no-cache")
      .type("text/html; charset=utf-8")
      .send(page);
  }

  async send(request: FastifyRequest, reply: FastifyReply, options: PageOptions): Promise<FastifyReply> {
    const page = await this.render(request, options);
    return reply
      .status(options.status ?? 200)
      .header("Cache-Control", request.viewer.isGuest ? "no-cache" : "private, no-cache")
      .type("text/html; charset=utf-8")
      .send(page);
  }
}
