// The single-page forum: shared styles and the TitleBar widget; pages with `<div id="app">` get the router
// (the forum's SPA routes are registered here as the features arrive).
import "@library/src/theme/fonts.css";
import "@library/src/theme/global.css";
import "@library/src/theme/pages.css";
// The title bar (and its CSS) before the app, so every entry orders the shared stylesheets the same way.
import { markPageReady, mountToastContainer, registerTitleBar } from "@library/src/titleBar/mountPageChrome";
import { loadTranslations } from "@library/src/i18n/translate";
import { mountLegacyWidgets } from "@library/src/registry/mountLegacyWidgets";
import { mountApp } from "@library/src/routing/mountApp";

loadTranslations({});
registerTitleBar();

function start(): void {
  // mountApp renders the toasts with the app; without #app the page still needs a container.
  if (!mountApp()) mountToastContainer();
  mountLegacyWidgets();
  markPageReady();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
