import { createRoot } from "react-dom/client";
import { getBootstrap, pageIsForMember } from "@library/src/bootstrap/bootstrap";
import { installLinkHandling } from "@library/src/routing/linkHandling";
import { Provider } from "react-redux";
import { registerNotificationWidgets } from "@library/src/notifications/registerNotificationWidgets";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { getStore } from "@library/src/redux/store";
import { preloadMemberTitleBarActions, TitleBar } from "@library/src/titleBar/TitleBar";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";

export const TOAST_ROOT_ID = "toastRoot";

/** Register the title bar for `data-react="TitleBar"` mount points (every server-rendered page has one). */
export function registerTitleBar(): void {
  registerComponent("TitleBar", TitleBar);
  registerNotificationWidgets();
}

/**
 * A member's page fetches the member side of the title bar while the add-ons load, so the bar mounts whole; a
 * guest's page fetches nothing. A failed fetch leaves it to the bar's own lazy loading.
 */
export async function preloadTitleBarForViewer(): Promise<void> {
  if (!pageIsForMember()) return;
  await preloadMemberTitleBarActions().catch((error: unknown) => {
    console.error("Could not load the title bar's member menus", error);
  });
}

/**
 * Render the page's one ToastContainer (shared store) into its own node inside `#modals`, or the body when the
 * page has none. Calling it again, or from a second bundle, does nothing. Pages using mountApp() get theirs
 * from the app instead.
 */
export function mountToastContainer(): HTMLElement {
  const existing = document.getElementById(TOAST_ROOT_ID);
  if (existing) return existing;
  const node = document.createElement("div");
  node.id = TOAST_ROOT_ID;
  (document.getElementById("modals") ?? document.body).appendChild(node);
  createRoot(node).render(
    <Provider store={getStore()}>
      <ToastContainer />
    </Provider>,
  );
  return node;
}

/**
 * Server-rendered pages have no in-app routes: internal links load normally, external links open in a new
 * tab through the `/home/leaving` interstitial. Pages with the app get their handler from the router instead.
 */
export function installPageLinkHandling(): () => void {
  return installLinkHandling({
    origin: window.location.origin,
    basePath: getBootstrap().basePath,
    isAppRoute: () => false,
  });
}

/** The page finished its first render: show it (SPEC 4 "Page load"). */
export function markPageReady(): void {
  document.body.classList.remove("isLoading");
}
