/** Author names the server marked for the profile card (see profileCardTriggers). */
const TRIGGER_SELECTOR = "a[data-usercard]";

function isPlainActivation(event: Event): boolean {
  if (event instanceof KeyboardEvent) {
    if (event.key !== "Enter" && event.key !== " ") return false;
  } else if (!(event instanceof MouseEvent) || event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

/**
 * Until an author name is first pressed, a page holds one small listener instead of the profile card's triggers:
 * the first plain click (or Enter, Space) on a marked name fetches them, installs them and hands them that press,
 * so the card opens as it always does. A page where no name is pressed fetches nothing.
 */
export function installProfileCardOnFirstUse(root: Document): () => void {
  let uninstallTriggers: (() => void) | null = null;
  let removed = false;
  const onFirstUse = (event: Event) => {
    if (event.defaultPrevented || !isPlainActivation(event)) return;
    const anchor =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(TRIGGER_SELECTOR) : null;
    const userID = Number(anchor?.dataset.usercard);
    if (!anchor || !Number.isInteger(userID) || userID <= 0) return;
    event.preventDefault();
    root.removeEventListener("click", onFirstUse);
    root.removeEventListener("keydown", onFirstUse);
    void import("./profileCardTriggers").then(({ installProfileCardTriggers }) => {
      if (removed) return;
      uninstallTriggers = installProfileCardTriggers(root);
      anchor.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    });
  };
  root.addEventListener("click", onFirstUse);
  root.addEventListener("keydown", onFirstUse);
  return () => {
    removed = true;
    root.removeEventListener("click", onFirstUse);
    root.removeEventListener("keydown", onFirstUse);
    uninstallTriggers?.();
  };
}
