import { EMBED_QUERY } from "../../api/embedMessages";
import { embeddedHref, isFramed, parentPoster, startFrameReporting } from "./embedFrame";
import "./embedFrame.css";

declare global {
  interface Window {
    /** Set once a bundle started reporting, so a page with two bundles reports once. */
    __forumEmbedReporting?: boolean;
  }
}

/**
 * On the forum's pages inside another site's frame: a page opened there without `?embed=1` (after a form's
 * redirect) is reloaded chrome-less, then reports to the parent.
 */
export function registerEmbedFrame(): void {
  if (!isFramed(window) || window.__forumEmbedReporting) return;
  const url = new URL(window.location.href);
  if (url.searchParams.get(EMBED_QUERY) !== "1") {
    window.location.replace(embeddedHref(url.toString()));
    return;
  }
  window.__forumEmbedReporting = true;
  startFrameReporting(window, parentPoster(window));
}
