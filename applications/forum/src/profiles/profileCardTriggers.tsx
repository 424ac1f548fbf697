import { lazy, Suspense } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Provider } from "react-redux";
import { getStore, type AppStore } from "@library/src/redux/store";

// The card's code is fetched at the first open: a page of author names carries only these handlers.
const ProfileCard = lazy(() =>
  import("@applications/forum/src/profiles/ProfileCard").then((module) => ({ default: module.ProfileCard })),
);

const TRIGGER_SELECTOR = "a[data-usercard]";

function triggerOf(target: EventTarget | null): HTMLAnchorElement | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest<HTMLAnchorElement>(TRIGGER_SELECTOR);
  if (!link) return null;
  const userID = Number(link.dataset.usercard);
  return Number.isInteger(userID) && userID > 0 ? link : null;
}

/**
 * Author names the server marked with `data-usercard="{userID}"` (only for viewers who may read profiles)
 * open the profile card: one delegated handler for clicks, Enter and Space. Modified clicks (new tab) still
 * follow the link. Returns a function that removes the handlers and closes the card.
 */
export function installProfileCardTriggers(
  root: Document = document,
  store: AppStore = getStore(),
): () => void {
  let container: HTMLDivElement | null = null;
  let reactRoot: Root | null = null;
  let openAnchor: HTMLAnchorElement | null = null;

  const close = (returnFocus: boolean) => {
    const anchor = openAnchor;
    openAnchor = null;
    reactRoot?.render(null);
    if (!anchor) return;
    anchor.setAttribute("aria-expanded", "false");
    if (returnFocus && anchor.isConnected) anchor.focus();
  };

  const open = (anchor: HTMLAnchorElement) => {
    if (openAnchor === anchor) {
      close(true);
      return;
    }
    if (openAnchor) close(false);
    if (!container) {
      container = root.createElement("div");
      container.className = "profileCardRoot";
      root.body.appendChild(container);
      reactRoot = createRoot(container);
    }
    openAnchor = anchor;
    anchor.setAttribute("aria-haspopup", "dialog");
    anchor.setAttribute("aria-expanded", "true");
    reactRoot?.render(
      <Provider store={store}>
        <Suspense fallback={null}>
          <ProfileCard userID={Number(anchor.dataset.usercard)} anchor={anchor} onClose={close} />
        </Suspense>
      </Provider>,
    );
  };

  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = triggerOf(event.target);
    if (!anchor) return;
    event.preventDefault();
    open(anchor);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = triggerOf(event.target);
    if (!anchor) return;
    event.preventDefault();
    open(anchor);
  };

  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKeyDown);
  return () => {
    root.removeEventListener("click", onClick);
    root.removeEventListener("keydown", onKeyDown);
    close(false);
    const mounted = reactRoot;
    reactRoot = null;
    mounted?.unmount();
    container?.remove();
    container = null;
  };
}
