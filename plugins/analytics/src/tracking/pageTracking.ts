import type { TickBody } from "../../api/analyticsApi";

/** The ticks one page (a document or a single-page route) sends: a page view, and a discussion view there. */
export function ticksForLocation(
  location: Pick<Location, "pathname" | "href">,
  referrer: string,
): TickBody[] {
  const ticks: TickBody[] = [{ type: "page_view", url: location.href, referrer }];
  const discussion = /(?:^|\/)discussion\/(\d{1,10})(?:\/|$)/.exec(location.pathname);
  if (discussion)
    ticks.push({
      type: "discussion_view",
      url: location.href,
      referrer,
      discussionID: Number(discussion[1]),
    });
  return ticks;
}

/**
 * Sends the ticks of the current page, then again on each route change of the single-page app (history
 * `pushState`/`replaceState` to another path, back and forward). Returns a function that stops listening.
 */
export function startPageTracking(send: (tick: TickBody) => void, win: Window = window): () => void {
  let lastPath = "";
  let lastHref = win.document.referrer;
  const track = () => {
    const { pathname, search, href } = win.location;
    if (pathname + search === lastPath) return;
    lastPath = pathname + search;
    for (const tick of ticksForLocation(win.location, lastHref)) send(tick);
    lastHref = href;
  };
  const { history } = win;
  const originalPush = history.pushState.bind(history);
  const originalReplace = history.replaceState.bind(history);
  history.pushState = (...args: Parameters<History["pushState"]>) => {
    originalPush(...args);
    track();
  };
  history.replaceState = (...args: Parameters<History["replaceState"]>) => {
    originalReplace(...args);
    track();
  };
  win.addEventListener("popstate", track);
  track();
  return () => {
    history.pushState = originalPush;
    history.replaceState = originalReplace;
    win.removeEventListener("popstate", track);
  };
}
