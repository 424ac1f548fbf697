import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { loadReaderTranslations } from "@library/src/i18n/readerTranslations";
import { registerLocaleWidgets } from "@library/src/i18n/registerLocaleWidgets";
import { loadTranslations } from "@library/src/i18n/translate";
import { loadAddonEntries } from "@library/src/registry/addonEntries";
import { loadAndMountLegacyWidgets } from "@library/src/registry/mountLegacyWidgets";
import {
  installPageLinkHandling,
  markPageReady,
  mountToastContainer,
  preloadTitleBarForViewer,
  registerTitleBar,
} from "@library/src/titleBar/mountPageChrome";

/** When the document is parsed (or now, if it already is). */
export function whenDocumentReady(run: () => void): void {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
  else run();
}

/**
 * A server-rendered page without the single-page app: translations, the title bar, toasts, the enabled add-ons'
 * entries, then every `data-react` mount point, link handling. No router is loaded.
 */
export function startLegacyPage(): void {
  loadTranslations({}, getBootstrap().locale);
  registerTitleBar();
  registerLocaleWidgets();
  whenDocumentReady(() => {
    mountToastContainer();
    installPageLinkHandling();
    // Widgets mount once every enabled add-on has registered its components.
    void Promise.all([
      loadAddonEntries(getBootstrap().addons),
      preloadTitleBarForViewer(),
      // Widgets render in the reader's language.
      loadReaderTranslations(),
    ])
      .then(() => loadAndMountLegacyWidgets())
      .then(() => markPageReady());
  });
}
