import type { Me } from "@forum/api/users";
import type { Translate } from "../i18n/translate";
import { html, widget, type SafeHtml } from "./html";
import type { TitleBarItem } from "./titleBarItems";

export interface TitleBarProps {
  siteTitle: string;
  logoUrl: string;
  /** Path and query of the current page, for the Sign In / Register Target. */
  currentUrl: string;
  /** Entries contributed by applications and add-ons (e.g. a Messages menu), already filtered for the viewer. */
  items: TitleBarItem[];
  /** The search entry an add-on contributes (its page and search box); none, no search button. */
  search: TitleBarItem | null;
}

function signInUrl(target: string): string {
  return `/entry/signin?Target=${encodeURIComponent(target)}`;
}

/**
 * The title bar as plain HTML, so it works without JavaScript; the legacy bundle mounts the interactive
 * `TitleBar` widget over it with the same props (dropdowns, search box, side panels).
 */
export function renderTitleBar(props: TitleBarProps, me: Me, t: Translate): SafeHtml {
  const logo = props.logoUrl
    ? html`<img src="${props.logoUrl}" alt="${props.siteTitle}" class="titleBar-logoImage" />`
    : props.siteTitle;
  const account =
    me.userID === 0
      ? html`<a class="titleBar-button titleBar-signIn" href="${signInUrl(props.currentUrl)}"
            >${t("Sign In")}</a
          >
          <a
            class="titleBar-button titleBar-register"
            href="/entry/register?Target=${encodeURIComponent(props.currentUrl)}"
            >${t("Register")}</a
          >`
      : html`<a class="titleBar-link" href="/notifications">${t("Notifications")}</a>
          ${props.items.map((item) => html`<a class="titleBar-link" href="${item.href}">${item.label}</a>`)}
          <a class="titleBar-link titleBar-me" href="${me.url}"
            ><img class="titleBar-photo" src="${me.photoUrl}" alt="" width="28" height="28" /> ${me.name}</a
          >
          <form method="post" action="/entry/signout" class="titleBar-signOut">
            <input type="hidden" name="Target" value="/" /><button type="submit" class="titleBar-link">
              Sign Out
            </button>
          </form>`;
  const fallback = html`<div class="titleBar-container">
    <a class="titleBar-logo" href="/">${logo}</a>
    <nav class="titleBar-nav" aria-label="${t("Main")}">
      <ul>
        <li><a href="/discussions">${t("Posts")}</a></li>
        <li><a href="/categories">${t("Categories")}</a></li>
      </ul>
    </nav>
    <div class="titleBar-actions">
      ${
        props.search
          ? html`<a class="titleBar-link titleBar-searchLink" href="${props.search.href}">${props.search.label}</a>`
          : ""
      }
      ${account}
    </div>
  </div>`;
  return widget("header", "TitleBar", props, fallback, { class: "titleBar", id: "titleBar" });
}
