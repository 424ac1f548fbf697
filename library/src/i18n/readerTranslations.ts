import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { loadTranslations } from "@library/src/i18n/translate";

let markLoaded: () => void = () => undefined;
const loaded = new Promise<void>((resolve) => {
  markLoaded = resolve;
});

/** Resolves once the reader's strings are in (or the English ones stayed after a failed load). */
export function readerTranslationsLoaded(): Promise<void> {
  return loaded;
}

/**
 * Loads the strings of the reader's language before the page's widgets render. The server names their address
 * on `<html data-translations>` (it changes with the strings, so the browser keeps them); English, the source,
 * needs none. A failed load leaves the English strings, logged.
 */
export async function loadReaderTranslations(): Promise<void> {
  try {
    await loadStrings();
  } finally {
    markLoaded();
  }
}

async function loadStrings(): Promise<void> {
  const locale = getBootstrap().locale;
  const url = document.documentElement.dataset.translations;
  if (!url) {
    loadTranslations({}, locale);
    return;
  }
  try {
    const response = await fetch(url, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    loadTranslations((await response.json()) as Record<string, string>, locale);
  } catch (error) {
    console.error("The page's translations could not be loaded.", error);
    loadTranslations({}, locale);
  }
}
