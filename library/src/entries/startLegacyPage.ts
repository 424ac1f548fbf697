import { loadTranslations } from "@library/src/i18n/translate";
import { mountLegacyWidgets } from "@library/src/registry/mountLegacyWidgets";
import {
  installPageLinkHandling,
  markPageReady,
  mountToastContainer,
  registerTitleBar,
} from "@library/src/titleBar/mountPageChrome";

/** When the document is parsed (or now, if it already is). */
export function whenDocumentReady(run: () => void): void {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
  else run();
}

/**
 * A server-rendered page without the single-page app: translations, the title bar, toasts, every `data-react`
 * mount point, link handling. No router is loaded.
 */
export function startLegacyPage(): void {
  loadTranslations({});
  registerTitleBar();
  whenDocumentReady(() => {
    mountToastContainer();
    mountLegacyWidgets();
    installPageLinkHandling();
    markPageReady();
  });
}
