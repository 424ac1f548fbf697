import { DEFAULT_AVATAR_URL } from "@forum/api/guest";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { isSourceLocale } from "@library/src/formatting/intlLocale";
import { readerTranslationsLoaded } from "@library/src/i18n/readerTranslations";
import { fullDate, RELATIVE_TIME_REFRESH_MS, relativePhrase } from "@library/src/formatting/relativeTime";

/** Re-render every `<time data-relative datetime=…>` under `root` with its relative phrase. */
export function refreshRelativeTimes(root: ParentNode = document, now: number = Date.now()): void {
  for (const time of Array.from(root.querySelectorAll<HTMLTimeElement>("time[data-relative][datetime]"))) {
    const datetime = time.getAttribute("datetime");
    if (!datetime || Number.isNaN(Date.parse(datetime))) continue;
    const phrase = relativePhrase(datetime, now);
    if (time.textContent !== phrase) time.textContent = phrase;
    // The server writes the full date in English; a reader of another language gets it in theirs.
    if (!isSourceLocale()) time.title = fullDate(datetime);
  }
}

/** The content a spoiler button controls: its aria-controls target, else the `.spoiler-content` of its block. */
function spoilerContent(button: HTMLElement): HTMLElement | null {
  const controls = button.getAttribute("aria-controls");
  if (controls) {
    const target = document.getElementById(controls);
    if (target) return target;
  }
  const block = button.closest(".spoiler");
  const inBlock = block?.querySelector<HTMLElement>(".spoiler-content");
  if (inBlock) return inBlock;
  const next = button.nextElementSibling;
  return next instanceof HTMLElement && next.classList.contains("spoiler-content") ? next : null;
}

function onSpoilerClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const button = target.closest<HTMLElement>(".spoiler-toggle");
  if (!button) return;
  const content = spoilerContent(button);
  if (!content) return;
  event.preventDefault();
  const show = content.hidden;
  content.hidden = !show;
  button.setAttribute("aria-expanded", String(show));
}

function useDefaultAvatar(image: HTMLImageElement): void {
  const fallback = siteUrl(DEFAULT_AVATAR_URL);
  // Never loop when the generic avatar itself fails.
  if (image.getAttribute("src") === fallback || image.dataset.avatarFallback === "true") return;
  image.dataset.avatarFallback = "true";
  image.src = fallback;
}

function onImageError(event: Event): void {
  const target = event.target;
  if (target instanceof HTMLImageElement && target.classList.contains("userPhoto")) useDefaultAvatar(target);
}

/**
 * Behaviour for the server-rendered discussion pages that needs no React: relative dates refreshed every
 * 30 s (SPEC 9), spoiler toggles, and the generic avatar for user photos that fail to load. Returns a
 * function that undoes it all.
 */
export function startDiscussionPageHelpers(root: Document = document): () => void {
  // In another language the phrases wait for the reader's strings (the server's own short dates are in that
  // language meanwhile): written at once, 'just now' and 'a few seconds ago' would stay English for 30 s.
  let stopped = false;
  if (isSourceLocale()) refreshRelativeTimes(root);
  void readerTranslationsLoaded().then(() => {
    if (!stopped) refreshRelativeTimes(root);
  });
  const timer = window.setInterval(() => refreshRelativeTimes(root), RELATIVE_TIME_REFRESH_MS);
  root.addEventListener("click", onSpoilerClick);
  // `error` does not bubble: listen in the capture phase to see every image's failure.
  root.addEventListener("error", onImageError, true);
  // Photos without an address, or that failed before this script ran.
  for (const image of Array.from(root.querySelectorAll<HTMLImageElement>("img.userPhoto"))) {
    const broken = image.complete && image.naturalWidth === 0 && Boolean(image.currentSrc);
    if (!image.getAttribute("src") || broken) useDefaultAvatar(image);
  }
  return () => {
    stopped = true;
    window.clearInterval(timer);
    root.removeEventListener("click", onSpoilerClick);
    root.removeEventListener("error", onImageError, true);
  };
}
