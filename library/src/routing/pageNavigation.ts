// Leaving the single-page world goes through these two functions, so tests can observe it (jsdom cannot navigate).

/** Load `url` as a new document (after sign-out, for example). */
export function fullPageNavigate(url: string): void {
  window.location.assign(url);
}

/** Replace the current document with `url` (a layout's `redirectTo`), leaving no history entry. */
export function replacePage(url: string): void {
  window.location.replace(url);
}
