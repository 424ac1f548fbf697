import {
  EMBED_MESSAGE_SOURCE,
  EMBED_POLL_MS,
  EMBED_QUERY,
  EMBED_SCROLL_THRESHOLD_PX,
  EMBED_SCROLL_THROTTLE_MS,
  type EmbedFrameMessage,
} from "../../api/embedMessages";

type Report =
  | { type: "location"; href: string; title: string }
  | { type: "height"; height: number }
  | { type: "scroll"; scrollY: number }
  | { type: "navigate"; href: string };

/** Posts a report to the page that embeds this one. */
export type PostToParent = (message: EmbedFrameMessage) => void;

/** To the parent's origin when the browser tells it (Chromium's `ancestorOrigins`), else to any. */
export function parentPoster(win: Window): PostToParent {
  const ancestor = win.location.ancestorOrigins?.[0];
  const target = ancestor && ancestor !== "null" ? ancestor : "*";
  return (message) => win.parent.postMessage(message, target);
}

/** How tall the page's content is (not the frame's own height, which the content would otherwise never undercut). */
export function contentHeight(doc: Document): number {
  const page = doc.getElementById("page") ?? doc.body;
  return Math.ceil(page.getBoundingClientRect().height);
}

/** The same address with `?embed=1`: pages reached inside the frame stay chrome-less. */
export function embeddedHref(href: string): string {
  const url = new URL(href);
  url.searchParams.set(EMBED_QUERY, "1");
  return url.toString();
}

/**
 * Inside the frame (SPEC 4, 9): reports the page's href and title and its height every 200 ms when they change,
 * its scroll when it moved 50 px since the last report (about 60 reports a second at most), hands links to
 * other domains to the parent (which navigates the top page) and keeps links of this site chrome-less.
 * Returns what stops it.
 */
export function startFrameReporting(win: Window, post: PostToParent): () => void {
  const doc = win.document;
  const send = (report: Report) => post({ source: EMBED_MESSAGE_SOURCE, ...report });
  let lastHref = "";
  let lastTitle = "";
  let lastHeight = -1;
  const poll = () => {
    if (win.location.href !== lastHref || doc.title !== lastTitle) {
      lastHref = win.location.href;
      lastTitle = doc.title;
      send({ type: "location", href: lastHref, title: lastTitle });
    }
    const height = contentHeight(doc);
    if (height !== lastHeight) {
      lastHeight = height;
      send({ type: "height", height });
    }
  };
  poll();
  const interval = win.setInterval(poll, EMBED_POLL_MS);

  let lastScroll = win.scrollY;
  let lastScrollReport = 0;
  let pending: number | null = null;
  const reportScroll = () => {
    pending = null;
    if (Math.abs(win.scrollY - lastScroll) < EMBED_SCROLL_THRESHOLD_PX) return;
    lastScroll = win.scrollY;
    lastScrollReport = Date.now();
    send({ type: "scroll", scrollY: lastScroll });
  };
  const onScroll = () => {
    if (pending !== null) return;
    const wait = Math.max(0, lastScrollReport + EMBED_SCROLL_THROTTLE_MS - Date.now());
    pending = win.setTimeout(reportScroll, wait);
  };
  win.addEventListener("scroll", onScroll, { passive: true });

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const url = new URL(anchor.href, win.location.href);
    if (url.protocol !== "http:" && url.protocol !== "https:") return;
    if (url.origin !== win.location.origin) {
      event.preventDefault();
      send({ type: "navigate", href: url.toString() });
    } else if (url.searchParams.get(EMBED_QUERY) !== "1" && !anchor.getAttribute("href")?.startsWith("#")) {
      anchor.href = embeddedHref(url.toString());
    }
  };
  doc.addEventListener("click", onClick, true);

  return () => {
    win.clearInterval(interval);
    if (pending !== null) win.clearTimeout(pending);
    win.removeEventListener("scroll", onScroll);
    doc.removeEventListener("click", onClick, true);
  };
}

/** True inside another page's frame. */
export function isFramed(win: Window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}
