// Leaving the single-page world goes through these two functions, so tests can observe it (jsdom cannot navigate).
import { siteUrl } from "@library/src/bootstrap/bootstrap";

/**
 * Load `url` as a new document (after sign-out, for example). A site path (an API record's `url`) is read under
 * the page's base path, so a reader in a site section (`/fr/…`) stays in it.
 */
export function fullPageNavigate(url: string): void {
  window.location.assign(siteUrl(url));
}

/** Replace the current document with `url` (a layout's `redirectTo`), leaving no history entry. */
export function replacePage(url: string): void {
  window.location.replace(url);
}
