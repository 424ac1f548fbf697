// The bundle of server-rendered pages: shared styles, the TitleBar widget, toasts, then every `data-react` mount
// point on the page.
import "@library/src/theme/fonts.css";
import "@library/src/theme/global.css";
import "@library/src/theme/pages.css";
import { loadTranslations } from "@library/src/i18n/translate";
import { mountLegacyWidgets } from "@library/src/registry/mountLegacyWidgets";
import { markPageReady, mountToastContainer, registerTitleBar } from "@library/src/titleBar/mountPageChrome";

loadTranslations({});
registerTitleBar();

function start(): void {
  mountToastContainer();
  mountLegacyWidgets();
  markPageReady();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();
