/** Leave the single-page world: load `url` as a new document (after sign-out, for example). */
export function fullPageNavigate(url: string): void {
  window.location.assign(url);
}
