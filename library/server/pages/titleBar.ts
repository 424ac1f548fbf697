import type { NavigationItem, TitleBarConfig } from "@forum/api/navigation";
import type { Me } from "@forum/api/users";
import type { Translate } from "../i18n/translate";
import { html, widget, type SafeHtml } from "./html";
import type { TitleBarItem } from "./titleBarItems";

export interface TitleBarProps {
  siteTitle: string;
  logoUrl: string;
  /** The logo on narrow screens (`branding.mobileLogo`); empty: the logo. */
  mobileLogoUrl: string;
  /** Path and query of the current page, for the Sign In / Register Target. */
  currentUrl: string;
  /** Entries contributed by applications and add-ons (e.g. a Messages menu), already filtered for the viewer. */
  items: TitleBarItem[];
  /** The search entry an add-on contributes (its page and search box); none, no search button. */
  search: TitleBarItem | null;
  /** Entries every reader sees before the account actions (a site section picker). */
  pickers?: TitleBarItem[];
  /** The main navigation, filtered for the viewer (SPEC 5). */
  navigation: NavigationItem[];
  /** Positioning, colours, heights, border and logo alignment (SPEC 3 "Title bar config"). */
  config: TitleBarConfig;
  signInUrl: string;
  /** Empty on an invitation-only site: no Register. */
  registrationUrl: string;
}

function withTarget(url: string, target: string): string {
  if (!url.startsWith("/")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}Target=${encodeURIComponent(target)}`;
}

/** The header's classes: positioning mode, border style, logo and navigation alignment. */
export function titleBarClassName(config: TitleBarConfig): string {
  return [
    "titleBar",
    `titleBar--${config.positioning}`,
    `titleBar--border-${config.borderType}`,
    `titleBar--logo-${config.logo.alignment}`,
    `titleBar--logoMobile-${config.logo.alignmentMobile}`,
    `titleBar--nav-${config.navigation.alignment}`,
  ].join(" ");
}

/** The header's custom properties: heights always, colours when set (else the theme's). */
export function titleBarStyle(config: TitleBarConfig): string {
  const style = [
    `--title-bar-height:${config.height}px`,
    `--title-bar-height-mobile:${config.heightMobile}px`,
  ];
  if (config.backgroundColor) style.push(`--title-bar-bg:${config.backgroundColor}`);
  if (config.foregroundColor) style.push(`--title-bar-fg:${config.foregroundColor}`);
  return style.join(";");
}

function logoImages(props: TitleBarProps): SafeHtml | string {
  if (!props.logoUrl && !props.mobileLogoUrl) return props.siteTitle;
  const wide = props.logoUrl || props.mobileLogoUrl;
  const narrow = props.mobileLogoUrl || props.logoUrl;
  return html`<img src="${wide}" alt="${props.siteTitle}" class="titleBar-logoImage titleBar-logoImage--desktop" />
    <img src="${narrow}" alt="${props.siteTitle}" class="titleBar-logoImage titleBar-logoImage--mobile" />`;
}

function navigationList(items: readonly NavigationItem[]): SafeHtml {
  return html`<ul>
    ${items.map(
      (item) =>
        html`<li>
          ${item.url ? html`<a href="${item.url}">${item.name}</a>` : html`<span>${item.name}</span>`}
          ${item.children?.length ? navigationList(item.children) : ""}
        </li>`,
    )}
  </ul>`;
}

/** The title bar's account actions: Sign In and Register for a guest, a member's menus, name and photo. */
export function titleBarAccount(props: TitleBarProps, me: Me, t: Translate): SafeHtml {
  return me.userID === 0
    ? html`<a class="titleBar-button titleBar-signIn" href="${withTarget(props.signInUrl, props.currentUrl)}"
            >${t("Sign In")}</a
          >
          ${
            props.registrationUrl
              ? html`<a
                  class="titleBar-button titleBar-register"
                  href="${withTarget(props.registrationUrl, props.currentUrl)}"
                  >${t("Register")}</a
                >`
              : ""
          }`
    : html`<a class="titleBar-link" href="/notifications">${t("Notifications")}</a>
          ${props.items.map((item) => html`<a class="titleBar-link" href="${item.href}">${item.label}</a>`)}
          <a class="titleBar-link titleBar-me" href="${me.url}"
            ><img class="titleBar-photo" src="${me.photoUrl}" alt="" width="28" height="28" /> ${me.name}</a
          >
          <form method="post" action="/entry/signout" class="titleBar-signOut">
            <input type="hidden" name="Target" value="/" /><button type="submit" class="titleBar-link">
              ${t("Sign Out")}
            </button>
          </form>`;
}

/**
 * The title bar as plain HTML, so it works without JavaScript; the legacy bundle mounts the interactive
 * `TitleBar` widget over it with the same props (mega menus, dropdowns, search box, side panels).
 */
export function renderTitleBar(
  props: TitleBarProps,
  me: Me,
  t: Translate,
  account: SafeHtml = titleBarAccount(props, me, t),
): SafeHtml {
  const fallback = html`<div class="titleBar-container">
    <a class="titleBar-logo" href="${props.config.logo.url}">${logoImages(props)}</a>
    ${
      props.navigation.length > 0
        ? html`<nav class="titleBar-nav" aria-label="${t("Main")}">${navigationList(props.navigation)}</nav>`
        : ""
    }
    <div class="titleBar-actions">
      ${
        props.search
          ? html`<a class="titleBar-link titleBar-searchLink" href="${props.search.href}">${props.search.label}</a>`
          : ""
      }
      ${(props.pickers ?? []).map((item) => html`<a class="titleBar-link" href="${item.href}">${item.label}</a>`)}
      ${account}
    </div>
  </div>`;
  return widget("header", "TitleBar", props, fallback, {
    class: titleBarClassName(props.config),
    id: "titleBar",
    style: titleBarStyle(props.config),
  });
}
