import { startLegacyPage, whenDocumentReady } from "@library/src/entries/startLegacyPage";
import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { loadReaderTranslations } from "@library/src/i18n/readerTranslations";
import { registerLocaleWidgets } from "@library/src/i18n/registerLocaleWidgets";
import { loadTranslations } from "@library/src/i18n/translate";
import { loadAddonEntries } from "@library/src/registry/addonEntries";
import { loadAndMountLegacyWidgets } from "@library/src/registry/mountLegacyWidgets";
import { mountApp } from "@library/src/routing/mountApp";
import {
  markPageReady,
  preloadTitleBarForViewer,
  registerTitleBar,
} from "@library/src/titleBar/mountPageChrome";

/**
 * A page of a single-page entry (forum, dashboard): with `<div id="app">` the router renders it (with its own
 * toasts and link handling); without one it starts as a server-rendered page. Register routes before calling.
 */
export function startAppPage(): void {
  if (!document.getElementById("app")) {
    startLegacyPage();
    return;
  }
  loadTranslations({}, getBootstrap().locale);
  registerTitleBar();
  registerLocaleWidgets();
  whenDocumentReady(() => {
    // Add-ons register their components and routes before the router and widgets render.
    void Promise.all([
      loadAddonEntries(getBootstrap().addons),
      preloadTitleBarForViewer(),
      // Widgets render in the reader's language.
      loadReaderTranslations(),
    ]).then(async () => {
      mountApp();
      await loadAndMountLegacyWidgets();
      markPageReady();
    });
  });
}
